#!/usr/bin/env bash
# Strong scaling of an MPI gradient (mpi_scaling.cpp) over 1, 2 and 4 ranks:
#   benchmarks/workloads/mpi_scaling.sh [build-dir] [rounds]
# Builds mpi_scaling with the plugin, runs it under mpirun (oversubscribed
# beyond the cores: this machine has 2) and prints a markdown table.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
build=${1:-build}
rounds=${2:-5}
exe=$build/bin/mpi_scaling
"$build/bin/tangent-clang++" -std=c++20 -O2 -DNDEBUG \
  $(mpicxx --showme:compile) benchmarks/workloads/mpi_scaling.cpp \
  $(mpicxx --showme:link) -o "$exe"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
echo "cores: $(nproc); N = 200000 cells, T = 100 steps; medians of $rounds"
echo "| ranks | primal | gradient | gradient, checkpointed | tape per rank | checkpointed, per rank |"
echo "|---|---|---|---|---|---|"
for np in 1 2 4; do
  mpirun -np "$np" --oversubscribe --bind-to none "$exe" --rounds "$rounds"
done
