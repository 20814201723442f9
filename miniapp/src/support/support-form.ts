import { supportMessageFieldsSchema, supportMessages } from "#api/contracts/support";
import { composerContract } from "../components/composer-contract";

/** The support reply bar's form: the message's text, trimmed, and its order; text or an image is needed. */
export const supportMessageForm = composerContract(supportMessageFieldsSchema, "text", supportMessages.empty);
