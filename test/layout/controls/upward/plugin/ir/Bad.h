#include "codegen/Emit.h"
