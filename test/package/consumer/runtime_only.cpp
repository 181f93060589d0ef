// Uses the runtime helpers only: no plugin needed.
#include <tangent/tangent.hpp>

#include <cstdio>

int main() {
  auto savings = tangent::get_memory_savings(1000);
  std::printf("consumer_runtime_only: %.1f%% saved\n", savings.savings_percent);
  return savings.savings_percent > 90.0 ? 0 : 1;
}
