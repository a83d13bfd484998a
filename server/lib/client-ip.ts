/** The header through which the server, and only the server, tells the app the client address. */
export const CLIENT_IP_HEADER = "x-client-ip";
