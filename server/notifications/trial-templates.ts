import { trialTexts } from "~/lib/trial-messages";

type Template = (p: Record<string, string | undefined>) => { subject: string; heading: string; lines: string[] };

/** The free-trial emails: subject and heading from the shared title, the lines as the bot says them. */
export const trialTemplates = Object.fromEntries(
  Object.entries(trialTexts).map(([kind, text]) => [
    kind,
    ((p) => {
      const { title, lines } = text(p);
      return { subject: title, heading: title, lines };
    }) satisfies Template,
  ]),
) as Record<keyof typeof trialTexts, Template>;
