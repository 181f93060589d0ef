// tangent-rewrite test input: includes model.h without requesting anything.
#include "model.h"

double model_value(const std::vector<double> &x) { return model::energy(x, 1.0); }
