// The three shipped word models, parsed and built on first use (so importing the compiler costs
// only the tables' JSON text) and packed together (feature-rows.ts): every request is read by all
// three, so a feature is looked up once, and its numbers for all three lie side by side.
import { AMBIGUITY_TABLE_JSON } from "./ambiguity-model.generated.js";
import { loadModel, type NaiveBayesModel, type NaiveBayesTable } from "./naive-bayes.js";
import { loadSoftmax, type SoftmaxModel, type SoftmaxTable } from "./softmax.js";
import { TYPE_LR_TABLE_JSON } from "./type-lr-model.generated.js";
import { TYPE_TABLE_JSON } from "./type-model.generated.js";
import { packRows } from "./feature-rows.js";

export interface ShippedModels {
  typeNb: NaiveBayesModel;
  typeLr: SoftmaxModel;
  ambiguity: NaiveBayesModel;
}

let shipped: ShippedModels | null = null;

export function shippedModels(): ShippedModels {
  if (shipped) return shipped;
  const typeNb = loadModel(JSON.parse(TYPE_TABLE_JSON) as NaiveBayesTable);
  const typeLr = loadSoftmax(JSON.parse(TYPE_LR_TABLE_JSON) as SoftmaxTable);
  const ambiguity = loadModel(JSON.parse(AMBIGUITY_TABLE_JSON) as NaiveBayesTable);
  const [nbRows, lrRows, ambiguityRows] = packRows([typeNb.rows, typeLr.rows, ambiguity.rows]);
  shipped = {
    typeNb: { ...typeNb, rows: nbRows! },
    typeLr: { ...typeLr, rows: lrRows! },
    ambiguity: { ...ambiguity, rows: ambiguityRows! },
  };
  return shipped;
}
