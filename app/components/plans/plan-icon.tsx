import {
  BotIcon,
  ChartCandlestickIcon,
  CrownIcon,
  RadioTowerIcon,
  SparklesIcon,
  ZapIcon,
  type LucideProps,
} from "lucide-react";

// Plans name their icon in the database; only these ship to the browser (no whole icon set).
const icons = {
  bot: BotIcon,
  crown: CrownIcon,
  zap: ZapIcon,
  "chart-candlestick": ChartCandlestickIcon,
  sparkles: SparklesIcon,
  "radio-tower": RadioTowerIcon,
} as const;

export function PlanIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = icons[name as keyof typeof icons] ?? ZapIcon;
  return <Icon aria-hidden="true" {...props} />;
}
