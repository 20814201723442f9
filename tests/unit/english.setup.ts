import { catalogs } from "virtual:catalogs";
import { i18n } from "../../miniapp/src/i18n/i18n";

// Mini App code under unit test speaks English, the app's default, as it does before a member chooses.
const english = catalogs.en;
if (!english) throw new Error("no English catalog");
i18n.load("en", (await english.app()).default);
i18n.activate("en");
