import * as React from "react";

// The CSP nonce of this response; set on the server, empty in the browser (which hides it).
const NonceContext = React.createContext<string>("");

export function NonceProvider({ value, children }: { value: string; children: React.ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => React.useContext(NonceContext);
