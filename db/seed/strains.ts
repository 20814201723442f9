export type StrainType = "Indica" | "Sativa" | "Hybrid";

export interface StrainEntry {
  name: string;
  type: StrainType;
  traits: string[];
}

// name | I, S or H | common visual traits
const TABLE = `
Granddaddy Purple | I | deep purple, dense buds, orange hairs
Northern Lights | I | dense buds, frosty trichomes, forest green
Bubba Kush | I | dense buds, dark green, purple hues
Purple Kush | I | purple hues, frosty trichomes, compact nugs
Hindu Kush | I | dense buds, olive green, sticky resin
Afghan Kush | I | chunky nugs, dark green, amber pistils
Master Kush | I | dense buds, lime green, frosty trichomes
Blueberry | I | blue tints, purple hues, orange hairs
Grape Ape | I | purple hues, dense buds, orange hairs
Purple Punch | I | deep purple, frosty trichomes, dense buds
Ice Cream Cake | I | frosty trichomes, chunky nugs, purple hues
Do-Si-Dos | I | frosty trichomes, purple hues, lime green
Mendo Breath | I | frosty trichomes, orange hairs, compact nugs
Death Star | I | dense buds, dark green, purple hues
9 Pound Hammer | I | chunky nugs, purple hues, orange hairs
Blackberry Kush | I | deep purple, dense buds, sticky resin
Critical Mass | I | large colas, lime green, sticky resin
LA Confidential | I | frosty trichomes, purple hues, compact nugs
Purple Urkle | I | deep purple, orange hairs, dense buds
Skywalker OG | I | dense buds, frosty trichomes, lime green
Tahoe OG | I | olive green, frosty trichomes, orange hairs
Platinum OG | I | silvery sheen, frosty trichomes, dense buds
Obama Kush | I | purple hues, dense buds, orange hairs
Afghani | I | dense buds, dark green, sticky resin
Kosher Kush | I | dense buds, dark green, frosty trichomes
God's Gift | I | purple hues, chunky nugs, orange hairs
Zkittlez | I | purple hues, lime green, frosty trichomes
Big Bud | I | large colas, lime green, orange hairs
Black Domina | I | dark green, purple hues, sticky resin
Romulan | I | frosty trichomes, dense buds, olive green
Slurricane | I | purple hues, frosty trichomes, dense buds
Hash Plant | I | dense buds, olive green, sticky resin
Shishkaberry | I | purple hues, orange hairs, compact nugs
Mazar | I | dense buds, amber pistils, sticky resin
Lavender | I | purple hues, frosty trichomes, dark green
Triangle Kush | I | dense buds, lime green, frosty trichomes
White Rhino | I | frosty trichomes, chunky nugs, silvery sheen
Pink Kush | I | pink hairs, frosty trichomes, dense buds
Sweet Tooth | I | sticky resin, orange hairs, compact nugs
Mr. Nice | I | dense buds, olive green, frosty trichomes
Special Sauce | I | purple hues, orange hairs, frosty trichomes
Bubba Kush CBD | I | dense buds, dark green, orange hairs
Sour Diesel | S | spade-shaped buds, lime green, orange hairs
Jack Herer | S | frosty trichomes, lime green, fluffy buds
Durban Poison | S | elongated buds, lime green, frosty trichomes
Green Crack | S | lime green, orange hairs, fluffy buds
Super Lemon Haze | S | lime green, frosty trichomes, golden hues
Strawberry Cough | S | red hairs, lime green, fluffy buds
Maui Wowie | S | light green, orange hairs, elongated buds
Amnesia Haze | S | long spears, frosty trichomes, lime green
Super Silver Haze | S | silvery sheen, frosty trichomes, elongated buds
Lemon Haze | S | golden hues, lime green, fluffy buds
Tangie | S | orange hairs, lime green, sticky resin
Ghost Train Haze | S | frosty trichomes, long spears, light green
Acapulco Gold | S | golden hues, orange hairs, fluffy buds
Panama Red | S | red hairs, light green, airy buds
Chocolope | S | dark green, long spears, orange hairs
Trainwreck | S | lime green, orange hairs, spade-shaped buds
Candyland | S | frosty trichomes, orange hairs, compact nugs
Clementine | S | orange hairs, lime green, sticky resin
Golden Goat | S | golden hues, orange hairs, frosty trichomes
Lamb's Bread | S | lime green, sticky resin, elongated buds
Purple Haze | S | purple hues, orange hairs, fluffy buds
Hawaiian Snow | S | frosty trichomes, light green, long spears
Kali Mist | S | long spears, light green, airy buds
Cinex | S | lime green, orange hairs, frosty trichomes
Sour Tangie | S | orange hairs, sticky resin, spade-shaped buds
Willie Nelson | S | long spears, lime green, red hairs
Alaskan Thunder Fuck | S | frosty trichomes, lime green, orange hairs
Laughing Buddha | S | lime green, fluffy buds, orange hairs
Red Congolese | S | red hairs, airy buds, light green
Malawi | S | long spears, airy buds, amber pistils
Neville's Haze | S | long spears, frosty trichomes, lime green
J1 | S | lime green, orange hairs, elongated buds
XJ-13 | S | frosty trichomes, lime green, compact nugs
Mimosa | S | orange hairs, frosty trichomes, lime green
Tropicana Cookies | S | purple hues, orange hairs, frosty trichomes
Island Sweet Skunk | S | lime green, orange hairs, sticky resin
Power Plant | S | elongated buds, light green, frosty trichomes
Jillybean | S | orange hairs, lime green, fluffy buds
Charlotte's Web | S | lime green, airy buds, orange hairs
Hawaiian Haze | S | light green, orange hairs, fluffy buds
Sour Space Candy | S | frosty trichomes, lime green, dense buds
Suver Haze | S | golden hues, frosty trichomes, orange hairs
ACDC | S | lime green, orange hairs, fluffy buds
Blue Dream | H | blue tints, lime green, orange hairs
Girl Scout Cookies | H | purple hues, frosty trichomes, dense buds
Gorilla Glue #4 | H | sticky resin, frosty trichomes, chunky nugs
White Widow | H | frosty trichomes, silvery sheen, compact nugs
OG Kush | H | lime green, frosty trichomes, dense buds
Pineapple Express | H | golden hues, orange hairs, lime green
Gelato | H | purple hues, frosty trichomes, orange hairs
Wedding Cake | H | frosty trichomes, dense buds, lime green
Runtz | H | purple hues, frosty trichomes, lime green
Sunset Sherbet | H | purple hues, orange hairs, dense buds
Chemdawg | H | lime green, frosty trichomes, spade-shaped buds
AK-47 | H | frosty trichomes, orange hairs, compact nugs
Cherry Pie | H | purple hues, red hairs, dense buds
Headband | H | lime green, orange hairs, elongated buds
Bruce Banner | H | frosty trichomes, lime green, chunky nugs
Biscotti | H | deep purple, frosty trichomes, dense buds
Gary Payton | H | frosty trichomes, purple hues, dense buds
Jealousy | H | frosty trichomes, lime green, purple hues
MAC | H | frosty trichomes, silvery sheen, dense buds
Apple Fritter | H | dense buds, lime green, orange hairs
Lemon Cherry Gelato | H | purple hues, lime green, frosty trichomes
London Pound Cake | H | deep purple, frosty trichomes, chunky nugs
Animal Cookies | H | purple hues, frosty trichomes, compact nugs
Blue Cheese | H | blue tints, dense buds, orange hairs
Skunk #1 | H | lime green, orange hairs, dense buds
Strawberry Banana | H | frosty trichomes, red hairs, dense buds
Banana Kush | H | golden hues, lime green, dense buds
Mango Kush | H | lime green, orange hairs, golden hues
Kush Mints | H | frosty trichomes, lime green, compact nugs
Platinum Cookies | H | silvery sheen, frosty trichomes, purple hues
Larry OG | H | lime green, orange hairs, spade-shaped buds
Lemon OG | H | golden hues, frosty trichomes, compact nugs
Cannatonic | H | lime green, orange hairs, fluffy buds
Harlequin | H | lime green, orange hairs, elongated buds
Cherry Wine | H | dark green, purple hues, orange hairs
Lifter | H | lime green, frosty trichomes, dense buds
Elektra | H | orange hairs, frosty trichomes, dense buds
The Wife | H | frosty trichomes, lime green, compact nugs
Sour Tsunami | H | dark green, orange hairs, dense buds
Ringo's Gift | H | lime green, orange hairs, fluffy buds
`;

const TYPES: Record<string, StrainType> = { I: "Indica", S: "Sativa", H: "Hybrid" };

export const strainCatalogue: readonly StrainEntry[] = TABLE.trim()
  .split("\n")
  .map((row) => {
    const [name = "", code = "", traits = ""] = row.split("|").map((cell) => cell.trim());
    const type = TYPES[code];
    if (!name || !type) throw new Error(`Bad strain row: ${row}`);
    return { name, type, traits: traits.split(",").map((trait) => trait.trim()) };
  });
