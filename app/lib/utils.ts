import { clsx, type ClassValue } from "clsx";
import { mergeClasses } from "./class-merge.ts";

export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}
