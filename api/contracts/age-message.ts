/**
 * The age rule's text on its own: the Mini App's first screen (the age gate, the landing) needs
 * only this one, and importing messages.ts whole would put every auth text on the first load.
 */
export const AGE_REQUIRED_MESSAGE = "You must be 21+ to join";
