import { ContactReference, p, ul, type LegalSection } from "./legal-document";

interface TermsSectionOptions {
  brandName: string;
  contactEmail?: string;
}

export function termsSections({ brandName, contactEmail }: TermsSectionOptions): LegalSection[] {
  const contact = <ContactReference contactEmail={contactEmail} />;

  return [
    {
      id: "acceptance",
      title: "Acceptance of these terms",
      blocks: [
        p(
          <>
            These terms of service (&quot;terms&quot;) form a binding agreement between you and {brandName}{" "}
            (&quot;we&quot;, &quot;us&quot;, &quot;our&quot;). By creating an account, paying for a subscription or
            otherwise using our website, Telegram bot, signals, indicator or any related service (together, the
            &quot;service&quot;), you agree to these terms and to our Privacy Policy. If you do not agree, do not use
            the service.
          </>,
        ),
      ],
    },
    {
      id: "eligibility",
      title: "Eligibility",
      blocks: [
        p(
          <>
            <strong>You must be at least 18 years old to use the service.</strong> By using it, you also confirm that:
          </>,
        ),
        ul(
          "you have the legal capacity to enter into a binding contract;",
          "using the service, receiving trading signals and holding or transferring crypto assets is " +
            "lawful where you live, and you are responsible for complying with your local laws, " +
            "including tax rules;",
          "you are not subject to sanctions and are not acting on behalf of anyone who is.",
        ),
        p("We may refuse, suspend or close an account if we reasonably believe any of these conditions are not met."),
      ],
    },
    {
      id: "account",
      title: "Your account and Telegram username",
      blocks: [
        p(
          "You must give accurate, current information when you register, including your email " +
            "address, name and Telegram username, and keep it up to date in your dashboard. You are " +
            "responsible for keeping your password confidential and for all activity under your " +
            "account. Tell us promptly if you suspect unauthorised access.",
        ),
        p(
          <>
            Access to our signal channels is granted to the Telegram username on your account.{" "}
            <strong>We cannot deliver access to a wrong or misspelled Telegram username</strong>, and we are not
            responsible for access lost or delayed because the username you gave us is inaccurate, has changed or
            belongs to someone else. Each account is personal and is for one person only.
          </>,
        ),
      ],
    },
    {
      id: "services",
      title: "The services",
      blocks: [
        p("Depending on your plan, the service may include:"),
        ul(
          "trading signals for crypto and forex markets, generated with the help of AI models and " +
            "delivered through our Telegram bot and channels;",
          "access to a TradingView indicator;",
          "a results tracker showing the historical performance of published signals;",
          "a blog, a newsletter and member support.",
        ),
        p(
          "We may improve, change or discontinue features, markets covered or the frequency of " +
            "signals from time to time. We do not guarantee any particular number of signals. Parts of " +
            "the service rely on third-party platforms such as Telegram, TradingView and the TRON " +
            "network, which we do not control; their availability and terms are outside our " +
            "responsibility.",
        ),
      ],
    },
    {
      id: "risk-warning",
      title: "No financial advice and high risk warning",
      blocks: [
        p(
          <>
            <strong>Nothing in the service is financial, investment, legal or tax advice.</strong> Signals, indicator
            readings, results, blog posts and any other content are general information only and do not take into
            account your objectives, financial situation or needs. We are not a broker or a licensed investment adviser,
            and we never trade on your behalf or hold your trading funds. Every decision to trade is yours alone.
          </>,
        ),
        p(
          <>
            <strong>
              Trading crypto assets and forex carries a high level of risk and may not be suitable for you.
            </strong>{" "}
            Prices can move rapidly and unpredictably, and you can lose some or all of the money you trade.
          </>,
        ),
        ul(
          <strong>Only trade with money you can afford to lose.</strong>,
          <strong>Past results do not guarantee future results.</strong>,
          "Leverage and margin trading magnify both gains and losses; with leverage you can lose " +
            "more than your initial deposit, and positions can be liquidated quickly.",
          "AI-generated signals can be wrong. Results shown in the tracker are based on the " +
            "published entry, target and stop levels and may differ from what you achieve because of " +
            "fees, slippage, spreads, timing and execution.",
        ),
        p("Consider seeking independent advice from a qualified professional before trading."),
      ],
    },
    {
      id: "subscriptions",
      title: "Subscriptions and billing",
      blocks: [
        p(
          "We offer monthly, quarterly and lifetime plans. Current prices and what each plan " +
            "includes are shown on the website when you purchase.",
        ),
        ul(
          "Subscriptions are paid in USDT on the TRON network (TRC-20) from the balance on your " +
            "account. You must have enough balance at the time of purchase.",
          "Monthly and quarterly plans run for the period purchased. When autorenew is on, the price " +
            "of your plan is charged to your account balance on the next billing date.",
          "You can switch autorenew off at any time in your dashboard; your access then continues " +
            "until the end of the period already paid.",
          "If your balance is insufficient on the billing date, or autorenew is off, the renewal is " +
            "not paid and the subscription lapses at the end of the current period, and your access to " +
            "member channels and features ends.",
          "A lifetime plan gives access for as long as the service is operated, is not charged " +
            "again, and remains subject to these terms, including termination for breach.",
        ),
      ],
    },
    {
      id: "deposits",
      title: "Deposits",
      blocks: [
        p(
          "You fund your balance by sending USDT to the personal deposit address shown in your " +
            "dashboard. Deposits are credited after the transaction has received the number of network " +
            "confirmations we require.",
        ),
        ul(
          <>
            <strong>Only send USDT on the TRON network (TRC-20)</strong> to your personal address.
          </>,
          <>
            <strong>Tokens other than USDT, or USDT sent on any other network, cannot be recovered</strong> and will not
            be credited to your balance.
          </>,
          <>
            <strong>On-chain transactions are irreversible.</strong> Check the address and amount carefully before
            sending; we cannot cancel or reverse a transfer.
          </>,
          "You are responsible for any network fees charged by your wallet or exchange. The amount " +
            "credited is the amount that actually arrives at your deposit address.",
          "Your balance can only be used to pay for our services. It is not a bank account or " +
            "e-money, does not earn interest and is not an investment.",
        ),
        p("Deposit addresses are personal to your account. Do not share them or reuse them for anything else."),
      ],
    },
    {
      id: "price-changes",
      title: "Price changes",
      blocks: [
        p(
          <>
            We may change our prices from time to time.{" "}
            <strong>We will announce price changes at least 30 days in advance</strong> by email, in your dashboard or
            through our Telegram bot. A new price applies from your first renewal after it takes effect. If you do not
            agree with it, you can switch off autorenew before then. Price changes never affect a period you have
            already paid for or a lifetime plan you have already bought.
          </>,
        ),
      ],
    },
    {
      id: "refunds",
      title: "Refunds",
      blocks: [
        p(
          "Because access to signals and digital content starts as soon as a subscription is " +
            "activated, subscription fees are non-refundable once access has been granted, including " +
            "for partially used periods and where you stop using the service, except where a refund is " +
            "required by law or stated otherwise in these terms.",
        ),
        p(
          <>
            If you were charged in error, for example a duplicate charge or a renewal processed after you had switched
            off autorenew, or if we failed to provide access you paid for and could not fix it within a reasonable time,
            contact us via {contact} and we will credit the affected amount back to your account balance. Requests to
            return an unused balance are reviewed individually and, if approved, are sent only in USDT (TRC-20) to an
            address you control, less network fees.
          </>,
        ),
      ],
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      blocks: [
        p("When using the service, you must not:"),
        ul(
          "share, forward, copy, publish, resell or otherwise redistribute signals, channel content " +
            "or member-only material, whether free of charge or for payment;",
          "share your account, your Telegram access or invite links with anyone else, or let others use them;",
          "copy, redistribute, resell, decompile or publish the TradingView indicator or its logic, " +
            "or make it available to anyone who does not hold their own access;",
          "use bots, scrapers or other automated means to extract content from the website or our Telegram channels;",
          "attempt to gain unauthorised access to, interfere with or overload the service, or probe " +
            "it for vulnerabilities without our permission;",
          "use the service for fraud, money laundering or any other unlawful purpose, or to harass others.",
        ),
        p(
          "We may monitor for misuse, for example by detecting shared access, and may remove access " +
            "without refund if you breach this section.",
        ),
      ],
    },
    {
      id: "intellectual-property",
      title: "Intellectual property",
      blocks: [
        p(
          <>
            The service and all its content, including signals, the indicator, software, texts, graphics, logos and the{" "}
            {brandName} name, are owned by us or our licensors and are protected by intellectual property laws. We grant
            you a personal, limited, non-exclusive, non-transferable and revocable licence to use the service for your
            own trading decisions while your subscription is active. No other rights are granted to you.
          </>,
        ),
        p("If you send us feedback or suggestions, we may use them freely without any obligation to you."),
      ],
    },
    {
      id: "termination",
      title: "Suspension and termination",
      blocks: [
        p(
          "You can stop using the service at any time and can ask us to close your account. We may " +
            "suspend or terminate your account, or remove your Telegram access, immediately and " +
            "without refund if you materially breach these terms, in particular the sections on " +
            "eligibility and acceptable use, or if required by law. In other cases, we will give you " +
            "reasonable notice where possible.",
        ),
        p(
          "If we discontinue the service entirely, we will give you reasonable notice and will " +
            "credit the unused portion of any prepaid monthly or quarterly period to your account " +
            "balance. On termination, your right to use the service ends. Sections that by their " +
            "nature should survive termination, including those on risk, intellectual property, " +
            "disclaimers, limitation of liability, indemnity and governing law, continue to apply.",
        ),
      ],
    },
    {
      id: "disclaimers",
      title: "Disclaimers",
      blocks: [
        p(
          "The service is provided \u201cas is\u201d and \u201cas available\u201d. To the fullest " +
            "extent permitted by law, we make no warranties, express or implied, including warranties " +
            "of merchantability, fitness for a particular purpose, accuracy or non-infringement. We do " +
            "not warrant that signals will be accurate or profitable, that the service will be " +
            "uninterrupted, timely or error-free, or that Telegram, TradingView or the TRON network " +
            "will be available at any given time.",
        ),
      ],
    },
    {
      id: "limitation-of-liability",
      title: "Limitation of liability",
      blocks: [
        p(
          "To the fullest extent permitted by law, we are not liable for any trading losses, lost " +
            "profits, lost data, loss of opportunity, or any indirect, incidental, special or " +
            "consequential damages arising from or related to your use of the service or any decision " +
            "you make based on it.",
        ),
        p(
          <>
            <strong>
              Our total liability for all claims relating to the service is limited to the total fees you paid us in the
              12 months before the claim arose.
            </strong>
          </>,
        ),
        p(
          "Nothing in these terms excludes or limits liability that cannot be excluded or limited by " +
            "law, such as liability for fraud, or for death or personal injury caused by negligence.",
          true,
        ),
      ],
    },
    {
      id: "indemnity",
      title: "Indemnity",
      blocks: [
        p(
          "You agree to indemnify and hold us harmless from any claims, losses, damages and " +
            "reasonable costs, including legal fees, arising from your breach of these terms, your " +
            "misuse of the service, your violation of any law or the rights of a third party, or any " +
            "redistribution of our content by you or through your account.",
        ),
      ],
    },
    {
      id: "governing-law",
      title: "Governing law and disputes",
      blocks: [
        p(
          "These terms are governed by the laws of the jurisdiction in which the operator is " +
            "established, and the courts of that jurisdiction have jurisdiction over any dispute, " +
            "unless mandatory consumer protection law where you live gives you the right to bring " +
            "proceedings in your local courts or to rely on your local law. Before starting formal " +
            "proceedings, please contact us so that we can try to resolve the matter informally.",
        ),
      ],
    },
    {
      id: "changes",
      title: "Changes to these terms",
      blocks: [
        p(
          "We may update these terms to reflect changes to the service or the law. The date at the " +
            "top shows when they were last revised. We will notify you of material changes by email, " +
            "in the dashboard or through our Telegram bot before they take effect. If you continue to " +
            "use the service after the changes take effect, you accept the updated terms; if you do " +
            "not agree, stop using the service and switch off autorenew.",
        ),
        p(
          "If any provision of these terms is found unenforceable, the rest remains in effect. Our " +
            "failure to enforce a provision is not a waiver of it. These terms, together with our " +
            "Privacy Policy, are the entire agreement between you and us about the service.",
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact",
      blocks: [
        p(
          <>
            If you have questions about these terms, contact {brandName} via {contact}.
          </>,
        ),
      ],
    },
  ];
}
