import { ContactReference, p, ul, type LegalSection } from "./legal-document";

interface PrivacySectionOptions {
  brandName: string;
  contactEmail?: string;
}

export function privacySections({ brandName, contactEmail }: PrivacySectionOptions): LegalSection[] {
  const contact = <ContactReference contactEmail={contactEmail} />;

  return [
    {
      id: "who-we-are",
      title: "Who we are",
      blocks: [
        p(
          <>
            {brandName} (&quot;we&quot;, &quot;us&quot;, &quot;our&quot;) operates this website and the related
            services: an AI-assisted crypto and forex trading-signal subscription, a Telegram bot that delivers signals
            and manages access, a TradingView indicator, a results tracker, a blog and a newsletter.
          </>,
        ),
        p(
          <>
            For the purposes of data protection law, {brandName} is the controller of the personal data described in
            this policy. You can reach us about any privacy matter via {contact}.
          </>,
        ),
      ],
    },
    {
      id: "data-we-collect",
      title: "Data we collect",
      blocks: [
        p("We collect only the data we need to run the service. Depending on how you use it, this includes:"),
        ul(
          <>
            <strong>Account data:</strong> your email address, first and last name, and password. Passwords are never
            stored in readable form; we keep only a salted cryptographic hash.
          </>,
          <>
            <strong>Telegram data:</strong> the Telegram username you give us and, once you interact with our bot, your
            numeric Telegram user id. We use these to grant, verify and remove access to our signal channels and to send
            you bot messages.
          </>,
          <>
            <strong>Wallet and payment data:</strong> the personal USDT (TRC-20) deposit address assigned to your
            account and the on-chain transactions sent to it, such as the sending address, amount, transaction hash and
            time. Blockchain transactions are public by nature: anyone can see them on the TRON network, independently
            of us, and neither we nor anyone else can alter or erase them.
          </>,
          <>
            <strong>Billing history:</strong> your account balance, deposits credited, subscription plans purchased,
            renewal settings and the dates and amounts of each charge.
          </>,
          <>
            <strong>Contact submissions:</strong> the name, email address, optional Telegram username and message you
            send us through the contact form, and our replies.
          </>,
          <>
            <strong>Newsletter data:</strong> your email address, the time you subscribed and the time you confirmed
            your subscription.
          </>,
          <>
            <strong>Technical data and logs:</strong> IP address, browser and device type, requested pages, timestamps
            and error information, recorded by our servers when you use the site or the bot. We use these for security,
            abuse prevention, rate limiting and troubleshooting.
          </>,
          <>
            <strong>Cookies and browser storage:</strong> described in the next section.
          </>,
        ),
        p(
          "We do not ask for, and ask you not to send us, identity documents, bank card numbers, " +
            "private keys or wallet seed phrases. We will never request your private keys or seed " +
            "phrase.",
        ),
      ],
    },
    {
      id: "cookies",
      title: "Cookies and local storage",
      blocks: [
        p(
          "We use a small number of cookies and browser storage entries, all of which are needed for " +
            "the site to work as you expect. We do not use advertising or cross-site tracking cookies.",
        ),
        ul(
          <>
            <strong>Session cookie:</strong> set when you sign in, marked HttpOnly so that scripts on the page cannot
            read it. It keeps you signed in and expires when you sign out or the session ends.
          </>,
          <>
            <strong>Sidebar state cookie:</strong> remembers whether you left the dashboard sidebar open or collapsed.
          </>,
          <>
            <strong>Local storage (&quot;remember me&quot;):</strong> if you ask the contact form to remember you, your
            name, email and Telegram username are saved in your own browser to prefill the form next time. This data
            stays on your device until you clear it.
          </>,
          <>
            <strong>Session storage (cart):</strong> the plan you are about to purchase is kept in your browser for the
            current tab and is discarded when the tab is closed.
          </>,
        ),
        p(
          "You can delete cookies and browser storage at any time in your browser settings. If you " +
            "block the session cookie, you will not be able to sign in.",
          true,
        ),
      ],
    },
    {
      id: "why-we-use-data",
      title: "Why we use your data and our legal bases",
      blocks: [
        ul(
          <>
            <strong>To perform our contract with you:</strong> creating and running your account, crediting deposits,
            charging subscriptions, granting and removing Telegram access, delivering signals and the indicator, and
            answering support requests.
          </>,
          <>
            <strong>Our legitimate interests:</strong> keeping the service secure, preventing fraud, account sharing and
            abuse, enforcing our terms, improving the service and replying to contact messages from people who are not
            members. We balance these interests against your rights and do not use your data in ways you would not
            reasonably expect.
          </>,
          <>
            <strong>Legal obligations:</strong> keeping accounting and transaction records, and responding to lawful
            requests from authorities.
          </>,
          <>
            <strong>Consent:</strong> sending the newsletter. Subscriptions use double opt-in, so you receive nothing
            until you confirm by email, and you can unsubscribe at any time using the link in every issue.
          </>,
        ),
        p(
          "We send service emails, such as password reset messages and notifications about your " +
            "account, deposits and subscription, because they are part of the service. We do not make " +
            "decisions about you based solely on automated processing that produce legal or similarly " +
            "significant effects.",
        ),
      ],
    },
    {
      id: "sharing",
      title: "How we share data",
      blocks: [
        p(
          <>
            <strong>We do not sell your personal data</strong> and we do not share it with advertisers. We share it only
            with:
          </>,
        ),
        ul(
          "Hosting and infrastructure providers that run our servers and our PostgreSQL database on our behalf.",
          "Email delivery providers that send password reset messages, notifications and the newsletter.",
          "Telegram, which receives the data needed to deliver bot messages and manage channel " +
            "membership. Your use of Telegram is also governed by Telegram's own privacy policy.",
          "Professional advisers, such as lawyers and accountants, where necessary and under " +
            "confidentiality obligations.",
          "Authorities, courts or other parties where we are required by law or need to establish, " +
            "exercise or defend legal claims.",
          "A successor entity if the service is merged, acquired or transferred, subject to this policy.",
        ),
        p("Our service providers act on our instructions and may use your data only to provide their services to us."),
      ],
    },
    {
      id: "international-transfers",
      title: "International transfers",
      blocks: [
        p(
          "Our providers, and Telegram, may process data in countries other than yours, including " +
            "countries whose data protection laws differ from those where you live. Where the law " +
            "requires it, we rely on appropriate safeguards for these transfers, such as adequacy " +
            "decisions or standard contractual clauses approved by the relevant authorities. You can " +
            "ask us for more information about the safeguards we use.",
        ),
      ],
    },
    {
      id: "retention",
      title: "How long we keep data",
      blocks: [
        ul(
          "Account, Telegram and subscription data: for as long as your account is open, and " +
            "afterwards only as long as needed to close it properly.",
          "Billing history and deposit records: for as long as accounting, tax and anti-fraud laws " +
            "require, even after your account is closed.",
          "Contact submissions: for as long as needed to handle your request and any follow-up, and then deleted.",
          "Newsletter data: until you unsubscribe. Unconfirmed sign-ups are removed after a short period.",
          "Technical logs: for a limited period needed for security and troubleshooting, unless they " +
            "are required to investigate a specific incident.",
        ),
        p("When data is no longer needed, we delete it or anonymise it so that it can no longer be linked to you."),
      ],
    },
    {
      id: "security",
      title: "Security",
      blocks: [
        p(
          "We use technical and organisational measures appropriate to the risk, including encrypted " +
            "connections (HTTPS), hashed passwords, HttpOnly session cookies, rate limiting, " +
            "restricted access to production systems and regular backups. No system is completely " +
            "secure, so please use a strong, unique password and keep your email and Telegram accounts " +
            "protected. If we become aware of a breach that affects your data, we will notify you and " +
            "the authorities where the law requires it.",
        ),
      ],
    },
    {
      id: "your-rights",
      title: "Your rights",
      blocks: [
        p("Depending on where you live, you have some or all of the following rights over your personal data:"),
        ul(
          <>
            <strong>Access:</strong> to get a copy of the data we hold about you.
          </>,
          <>
            <strong>Correction:</strong> to have inaccurate or incomplete data corrected. You can update most account
            details, including your Telegram username, in your dashboard.
          </>,
          <>
            <strong>Deletion:</strong> to have your data erased, subject to the limits described below.
          </>,
          <>
            <strong>Portability:</strong> to receive the data you gave us in a structured, commonly used,
            machine-readable format.
          </>,
          <>
            <strong>Objection and restriction:</strong> to object to processing based on our legitimate interests and to
            ask us to limit how we use your data.
          </>,
          <>
            <strong>Withdrawing consent:</strong> for example by unsubscribing from the newsletter, without affecting
            earlier processing.
          </>,
          <>
            <strong>Complaint:</strong> to lodge a complaint with a supervisory authority, in particular in the country
            where you live or work, or where you believe an infringement took place.
          </>,
        ),
        p(
          <>
            To exercise any of these rights, contact us via {contact}. We may need to confirm your identity before
            acting on a request, usually by asking you to write from the email address on your account. We do not charge
            for requests unless they are manifestly unfounded or excessive.
          </>,
        ),
      ],
    },
    {
      id: "data-deletion",
      title: "Data deletion requests",
      blocks: [
        p(
          <>
            You can ask us to delete your account and personal data at any time via {contact}.{" "}
            <strong>We complete data deletion requests within 30 days of receiving them.</strong> If we need more time
            for a complex request, or need to keep some data for a legal reason, we will tell you within that period.
          </>,
        ),
        ul(
          "Deleting your account ends any active subscription and removes your Telegram access.",
          "We keep billing and transaction records that the law requires us to retain, limited to that purpose.",
          "On-chain transactions are recorded permanently on the public blockchain. We can delete " +
            "our own records linking them to you, but no one can remove them from the blockchain " +
            "itself.",
        ),
        p(
          "Before requesting deletion, make sure you no longer need any remaining account balance, " +
            "because a deleted account cannot be restored.",
          true,
        ),
      ],
    },
    {
      id: "children",
      title: "Children",
      blocks: [
        p(
          <>
            <strong>The service is not for anyone under 18.</strong> We do not knowingly collect personal data from
            anyone under 18. If you believe a person under 18 has given us personal data, contact us and we will delete
            it and close the related account.
          </>,
        ),
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      blocks: [
        p(
          "We may update this policy when our service or the law changes. The date at the top shows " +
            "when it was last revised. If we make material changes, we will tell you by email, in the " +
            "dashboard or through our Telegram bot before they take effect.",
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact us",
      blocks: [
        p(
          <>
            If you have questions about this policy or how {brandName} handles your personal data, contact us via{" "}
            {contact}.
          </>,
        ),
      ],
    },
  ];
}
