// stands for the real codegen/Emit.h
