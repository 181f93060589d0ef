// Must fail: the requested function indexes a pointer to objects, whose
// length its gradient cannot know (a callee may: its callers give it
// arrays of known extent).
#include <tangent/grad.hpp>

#include <vector>

struct Vec {
  double x, y;
};

double sum(const Vec *p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i].x * p[i].y;
  return s;
}

#ifdef TANGENT_FIXED
double f(const std::vector<Vec> &p, int n) { return sum(p.data(), n); }
#else
double f(const Vec *p, int n) { // TANGENT-ERROR: the function you differentiate indexes its pointer to objects 'p', whose length the gradient cannot know; take a std::vector<Vec>
  return sum(p, n);
}
#endif

#ifdef TANGENT_FIXED
std::vector<Vec> use(const std::vector<Vec> &v) {
  return tangent::grad<f>()(v, 3);
}
#else
double use(const Vec *v) {
  Vec d{0, 0};
  return tangent::grad<f>().pullback(v, 3, d);
}
#endif
