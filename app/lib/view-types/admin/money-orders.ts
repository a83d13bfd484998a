import type { OrderSettings } from "../../orders";
import type { TargetHistory } from "./shared";

/** Money → Orders (/admin/money/orders): the order settings in force and who changed them. */
export type OrderSettingsView = {
  settings: OrderSettings;
  history: TargetHistory;
  /** Only an owner changes them; everyone else who may see money reads them. */
  canChange: boolean;
  canReadAudit: boolean;
};
