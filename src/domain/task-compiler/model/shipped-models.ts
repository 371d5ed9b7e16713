// The three shipped word models, parsed and built on first use (so importing the compiler costs
// only the tables' JSON text) and packed together (feature-rows.ts): every request is read by all
// three, so a feature is looked up once, and its numbers for all three lie side by side.
import { AMBIGUITY_TABLE_JSON } from "./ambiguity-model.generated.js";
import { loadModel, naiveBayesWidth, type NaiveBayesModel, type NaiveBayesTable } from "./naive-bayes.js";
import { loadSoftmax, softmaxWidth, type SoftmaxModel, type SoftmaxTable } from "./softmax.js";
import { TYPE_LR_TABLE_JSON } from "./type-lr-model.generated.js";
import { TYPE_TABLE_JSON } from "./type-model.generated.js";
import { sharedRows } from "./feature-rows.js";

export interface ShippedModels {
  typeNb: NaiveBayesModel;
  typeLr: SoftmaxModel;
  ambiguity: NaiveBayesModel;
}

let shipped: ShippedModels | null = null;

export function shippedModels(): ShippedModels {
  if (shipped) return shipped;
  const typeTable = JSON.parse(TYPE_TABLE_JSON) as NaiveBayesTable;
  const lrTable = JSON.parse(TYPE_LR_TABLE_JSON) as SoftmaxTable;
  const ambiguityTable = JSON.parse(AMBIGUITY_TABLE_JSON) as NaiveBayesTable;
  const [nbRows, lrRows, ambiguityRows] = sharedRows([
    { features: Object.keys(typeTable.counts), width: naiveBayesWidth(typeTable.classes) },
    { features: Object.keys(lrTable.weights), width: softmaxWidth(lrTable.classes) },
    { features: Object.keys(ambiguityTable.counts), width: naiveBayesWidth(ambiguityTable.classes) },
  ]);
  shipped = {
    typeNb: loadModel(typeTable, nbRows),
    typeLr: loadSoftmax(lrTable, lrRows),
    ambiguity: loadModel(ambiguityTable, ambiguityRows),
  };
  return shipped;
}
