import { useBrand } from "~/components/site/use-brand";
import { LegalDocument, type LegalContentProps } from "./legal-document";
import { termsSections } from "./terms-sections";

export type TermsOfServiceContentProps = LegalContentProps;

export function TermsOfServiceContent({ contactEmail, lastUpdated }: TermsOfServiceContentProps) {
  const brandName = useBrand();
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated={lastUpdated}
      intro={
        <p>
          Please read these terms carefully before using {brandName}. They contain important information about the risks
          of trading, how subscriptions and deposits work, and the limits of our liability.
        </p>
      }
      sections={termsSections({ brandName, contactEmail })}
    />
  );
}
