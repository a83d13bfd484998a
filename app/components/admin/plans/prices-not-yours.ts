/** Why an editor sees a plan's prices but cannot change them, nor create, publish or unpublish a plan. */
export const PRICES_NOT_YOURS =
  "Prices are for owners and admins: creating, publishing or unpublishing a plan and " +
  "changing what members pay. You can edit a plan's texts, features and Telegram chats.";
