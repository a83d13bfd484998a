import { useBrand } from "~/components/site/use-brand";
import { LegalDocument, type LegalContentProps } from "./legal-document";
import { privacySections } from "./privacy-sections";

export type PrivacyPolicyContentProps = LegalContentProps;

export function PrivacyPolicyContent({ contactEmail, lastUpdated }: PrivacyPolicyContentProps) {
  const brandName = useBrand();
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={lastUpdated}
      intro={
        <p>
          This policy explains what personal data {brandName} collects when you visit our website, create an account,
          subscribe, use our Telegram bot or contact us, why we collect it, who we share it with and the choices and
          rights you have.
        </p>
      }
      sections={privacySections({ brandName, contactEmail })}
    />
  );
}
