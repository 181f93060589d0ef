// The per-thread copies of a pointer parameter's adjoint in a parallel
// loop's reverse sweep (tangent/openmp.hpp, omp_elements): elements from
// the lowest index a thread touches to the highest, grown both ways, added
// back exactly over those (never outside them: a downward walk from the
// middle of the array, as a reverse sweep makes, stays inside it).
#include <tangent/openmp.hpp>

#include <gtest/gtest.h>

#include <vector>

TEST(OmpElements, DownwardWalkAddsBackOnlyWhatItTouched) {
  std::vector<double> adjoint(10, 1.0);
  std::vector<tangent::detail::omp_elements<double>> copies =
      tangent::detail::omp_private(adjoint.data(), 2);
  ASSERT_EQ(copies.size(), 2u);
  for (int i = 7; i-- > 3;) // 6, 5, 4, 3: growing downwards
    copies[0][i] += 0.5 * i;
  copies[1][9] += 2.0;
  copies[1][8] += 1.0;
  copies[1][9] += 2.0;
  tangent::detail::omp_reduce(adjoint.data(), copies);
  const std::vector<double> expected{1, 1, 1, 2.5, 3, 3.5, 4, 1, 2, 5};
  EXPECT_EQ(adjoint, expected);
}

TEST(OmpElements, UpwardAndUntouchedCopies) {
  std::vector<double> adjoint(6, 0.0);
  auto copies = tangent::detail::omp_private(adjoint.data(), 3);
  for (int i = 1; i < 6; ++i)
    copies[2][i] += i;
  tangent::detail::omp_reduce(adjoint.data(), copies); // 0 and 1 untouched
  EXPECT_EQ(adjoint, (std::vector<double>{0, 1, 2, 3, 4, 5}));
}
