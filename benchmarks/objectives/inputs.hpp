//===- benchmarks/objectives/inputs.hpp - seeded objective inputs ---------===//
///
/// \file
/// Seeded inputs for the objectives of objectives.hpp, at two sizes:
/// `preset::small` for tests and `preset::bench` for the benchmark table
/// (the sizes of ADBench's and GradBench's tables, README.md). Values come
/// from std::mt19937 with a fixed seed through
/// std::uniform_real_distribution: reproducible with a given standard
/// library (the distribution's algorithm is the library's). Every generator
/// takes an optional seed.
//===----------------------------------------------------------------------===//
#ifndef TANGENT_BENCHMARKS_OBJECTIVES_INPUTS_HPP
#define TANGENT_BENCHMARKS_OBJECTIVES_INPUTS_HPP

#include "objectives.hpp"

#include <cmath>
#include <random>
#include <vector>

namespace objectives {
namespace inputs {

enum class preset { small, bench };

const unsigned default_seed = 20240611u;

/// n values uniform in [lo, hi), appended to v.
inline void append_uniform(std::mt19937 &gen, std::vector<double> &v, int n,
                           double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  for (int i = 0; i < n; i++)
    v.push_back(u(gen));
}

inline double uniform(std::mt19937 &gen, double lo, double hi) {
  std::uniform_real_distribution<double> u(lo, hi);
  return u(gen);
}

/// Uniform in {0, ..., n-1}.
inline int uniform_index(std::mt19937 &gen, int n) {
  std::uniform_int_distribution<int> u(0, n - 1);
  return u(gen);
}

//===----------------------------------------------------------------------===//
// GMM: small d=2 k=3 n=5, bench d=10 k=10 n=1000 (ADBench's 10D, K=10).
//===----------------------------------------------------------------------===//

struct gmm_input {
  int d, k, n;
  std::vector<double> alphas; ///< k
  std::vector<double> means;  ///< k*d
  std::vector<double> icf;    ///< k*d(d+1)/2
  std::vector<double> x;      ///< n*d
  Wishart wishart;
};

inline gmm_input make_gmm(preset p, unsigned seed = default_seed) {
  std::mt19937 gen(seed + 1);
  gmm_input in;
  bool small = p == preset::small;
  in.d = small ? 2 : 10;
  in.k = small ? 3 : 10;
  in.n = small ? 5 : 1000;
  int icf_sz = in.d * (in.d + 1) / 2;
  append_uniform(gen, in.alphas, in.k, -1, 1);
  append_uniform(gen, in.means, in.k * in.d, 0, 1);
  append_uniform(gen, in.icf, in.k * icf_sz, -0.3, 0.3);
  append_uniform(gen, in.x, in.n * in.d, 0, 1);
  // The small preset uses m > 0 so that the -m sum(q) term is exercised.
  in.wishart.gamma = small ? 1.5 : 1.0;
  in.wishart.m = small ? 2 : 0;
  return in;
}

//===----------------------------------------------------------------------===//
// BA: small 3 cameras, 6 points, 12 observations (camera 0 has a zero
// rotation: Rodrigues' small-angle branch); bench 20 cameras, 1000 points,
// 5000 observations. Cameras look down +z at points 4..8 in front of them.
//===----------------------------------------------------------------------===//

struct ba_input {
  int n, m, p;
  std::vector<double> cams;  ///< n*11
  std::vector<double> X;     ///< m*3
  std::vector<double> w;     ///< p
  std::vector<int> obs;      ///< p*2: camera, point
  std::vector<double> feats; ///< p*2
};

inline ba_input make_ba(preset p, unsigned seed = default_seed) {
  std::mt19937 gen(seed + 2);
  ba_input in;
  bool small = p == preset::small;
  in.n = small ? 3 : 20;
  in.m = small ? 6 : 1000;
  in.p = small ? 12 : 5000;
  for (int i = 0; i < in.n; i++) {
    append_uniform(gen, in.cams, 3, -0.2, 0.2); // rotation
    append_uniform(gen, in.cams, 2, -0.5, 0.5); // centre x, y
    append_uniform(gen, in.cams, 1, -1.0, 0.0); // centre z
    append_uniform(gen, in.cams, 1, 0.8, 1.2);  // focal length
    append_uniform(gen, in.cams, 2, -0.1, 0.1); // principal point
    append_uniform(gen, in.cams, 2, -0.1, 0.1); // radial distortion
  }
  if (small)
    for (int i = 0; i < 3; i++)
      in.cams[BA_ROT_IDX + i] = 0;
  for (int j = 0; j < in.m; j++) {
    append_uniform(gen, in.X, 2, -2, 2);
    append_uniform(gen, in.X, 1, 4, 8);
  }
  append_uniform(gen, in.w, in.p, 0.5, 1.5);
  for (int i = 0; i < in.p; i++) {
    // Every camera and every point is observed at least once.
    int cam = i < in.n ? i : uniform_index(gen, in.n);
    int pt = i < in.m ? i : uniform_index(gen, in.m);
    in.obs.push_back(cam);
    in.obs.push_back(pt);
    double proj[2];
    project(&in.cams[cam * BA_NCAMPARAMS], &in.X[pt * 3], proj);
    in.feats.push_back(proj[0] + uniform(gen, -0.02, 0.02));
    in.feats.push_back(proj[1] + uniform(gen, -0.02, 0.02));
  }
  return in;
}

//===----------------------------------------------------------------------===//
// LSTM: small l=2 c=3 b=4, bench l=2 c=1024 b=14 (ADBench's l=2, c=1024).
//===----------------------------------------------------------------------===//

struct lstm_input {
  int l, c, b;
  std::vector<double> main_params;  ///< 8*l*b
  std::vector<double> extra_params; ///< 3*b
  std::vector<double> state;        ///< 2*l*b
  std::vector<double> sequence;     ///< c*b
};

inline lstm_input make_lstm(preset p, unsigned seed = default_seed) {
  std::mt19937 gen(seed + 3);
  lstm_input in;
  bool small = p == preset::small;
  in.l = 2;
  in.c = small ? 3 : 1024;
  in.b = small ? 4 : 14;
  append_uniform(gen, in.main_params, 8 * in.l * in.b, -1, 1);
  append_uniform(gen, in.extra_params, 3 * in.b, -1, 1);
  append_uniform(gen, in.state, 2 * in.l * in.b, -1, 1);
  append_uniform(gen, in.sequence, in.c * in.b, 0, 1);
  return in;
}

//===----------------------------------------------------------------------===//
// HT: a synthetic hand of 22 bones (root, palm, 5 fingers of 4 bones; the
// layout theta's 26 parameters assume); small 30 vertices, 10 points, bench
// 544 vertices (ADBench's model), 100 points. Units: the palm is 1 long.
//===----------------------------------------------------------------------===//

struct hand_input {
  HandModel model;
  std::vector<double> theta; ///< 26
  int npts;
  std::vector<int> correspondences; ///< npts vertex indices
  std::vector<double> points;       ///< 3*npts
};

/// A rigid 4x4 (column-major) of Euler angles xzy and a translation.
inline void make_rigid(const double *xzy, const double *t, double *M) {
  double R[9];
  euler_angles_to_rotation_matrix(xzy, R);
  for (int j = 0; j < 16; j++)
    M[j] = 0;
  for (int col = 0; col < 3; col++)
    for (int row = 0; row < 3; row++)
      M[col * 4 + row] = R[col * 3 + row];
  for (int row = 0; row < 3; row++)
    M[12 + row] = t[row];
  M[15] = 1;
}

/// The inverse of a rigid 4x4 (column-major): [R^T, -R^T t].
inline void invert_rigid(const double *M, double *out) {
  for (int j = 0; j < 16; j++)
    out[j] = 0;
  for (int col = 0; col < 3; col++)
    for (int row = 0; row < 3; row++)
      out[col * 4 + row] = M[row * 4 + col];
  for (int row = 0; row < 3; row++) {
    double s = 0;
    for (int l = 0; l < 3; l++)
      s += out[l * 4 + row] * M[12 + l];
    out[12 + row] = -s;
  }
  out[15] = 1;
}

inline hand_input make_hand(preset p, unsigned seed = default_seed) {
  std::mt19937 gen(seed + 4);
  hand_input in;
  bool small = p == preset::small;
  HandModel &model = in.model;
  int nb = 2 + 4 * HAND_NFINGERS;
  model.n_bones = nb;
  model.n_vertices = small ? 30 : 544;
  in.npts = small ? 10 : 100;
  // Bones: their parents and rest-pose relative transforms.
  model.parents.resize(nb);
  model.base_relatives.resize(16 * nb);
  for (int i = 0; i < nb; i++) {
    double angles[3], t[3] = {0, 0, 0};
    for (int j = 0; j < 3; j++)
      angles[j] = uniform(gen, -0.1, 0.1);
    if (i == 0) {
      model.parents[i] = -1;
    } else if (i == 1) {
      model.parents[i] = 0;
      t[1] = 0.2;
    } else if ((i - 2) % 4 == 0) {
      int finger = (i - 2) / 4;
      model.parents[i] = 1;
      t[0] = -0.4 + 0.2 * finger;
      t[1] = 1.0;
    } else {
      model.parents[i] = i - 1;
      t[1] = 0.35;
    }
    make_rigid(angles, t, &model.base_relatives[i * 16]);
  }
  std::vector<double> base_absolutes(16 * nb);
  relatives_to_absolutes(nb, model.parents.data(), model.base_relatives.data(),
                         base_absolutes.data());
  model.inverse_base_absolutes.resize(16 * nb);
  for (int i = 0; i < nb; i++)
    invert_rigid(&base_absolutes[i * 16],
                 &model.inverse_base_absolutes[i * 16]);
  // Vertices: around a bone (not the root), skinned to it and its parent.
  model.base_positions.resize(4 * model.n_vertices);
  model.weights.assign(nb * model.n_vertices, 0.0);
  for (int v = 0; v < model.n_vertices; v++) {
    int bone = 1 + uniform_index(gen, nb - 1);
    double local[4] = {uniform(gen, -0.1, 0.1), uniform(gen, 0.0, 0.35),
                       uniform(gen, -0.1, 0.1), 1.0};
    const double *A = &base_absolutes[bone * 16];
    for (int row = 0; row < 4; row++) {
      double s = 0;
      for (int l = 0; l < 4; l++)
        s += A[l * 4 + row] * local[l];
      model.base_positions[v * 4 + row] = s;
    }
    double wb = uniform(gen, 0.5, 1.0);
    model.weights[v * nb + bone] = wb;
    model.weights[v * nb + model.parents[bone]] = 1 - wb;
  }
  // A pose, and observed points: rest positions of random vertices, noisy.
  append_uniform(gen, in.theta, 3, -0.3, 0.3);
  append_uniform(gen, in.theta, 3, -0.1, 0.1);
  append_uniform(gen, in.theta, HAND_NTHETA - 6, -0.3, 0.3);
  for (int i = 0; i < in.npts; i++) {
    int v = uniform_index(gen, model.n_vertices);
    in.correspondences.push_back(v);
    for (int j = 0; j < 3; j++)
      in.points.push_back(model.base_positions[v * 4 + j] +
                          uniform(gen, -0.05, 0.05));
  }
  return in;
}

//===----------------------------------------------------------------------===//
// LLSQ: small n=5 m=20, bench n=128 unknowns, m=1024 points.
//===----------------------------------------------------------------------===//

struct llsq_input {
  int n, m;
  std::vector<double> x; ///< n
};

inline llsq_input make_llsq(preset p, unsigned seed = default_seed) {
  std::mt19937 gen(seed + 5);
  llsq_input in;
  bool small = p == preset::small;
  in.n = small ? 5 : 128;
  in.m = small ? 20 : 1024;
  append_uniform(gen, in.x, in.n, -1, 1);
  return in;
}

//===----------------------------------------------------------------------===//
// LSE: small n=10, bench n=10000.
//===----------------------------------------------------------------------===//

struct lse_input {
  int n;
  std::vector<double> x; ///< n
};

inline lse_input make_lse(preset p, unsigned seed = default_seed) {
  std::mt19937 gen(seed + 6);
  lse_input in;
  in.n = p == preset::small ? 10 : 10000;
  append_uniform(gen, in.x, in.n, -2, 2);
  return in;
}

//===----------------------------------------------------------------------===//
// DET: small 4x4, bench 7x7 (row-major).
//===----------------------------------------------------------------------===//

struct det_input {
  int ell;
  std::vector<double> a; ///< ell*ell
};

inline det_input make_det(preset p, unsigned seed = default_seed) {
  std::mt19937 gen(seed + 7);
  det_input in;
  in.ell = p == preset::small ? 4 : 7;
  append_uniform(gen, in.a, in.ell * in.ell, -1, 1);
  return in;
}

//===----------------------------------------------------------------------===//
// ODE: small n=4 s=5, bench n=1000 s=10.
//===----------------------------------------------------------------------===//

struct ode_input {
  int n, s;
  std::vector<double> x; ///< n
};

inline ode_input make_ode(preset p, unsigned seed = default_seed) {
  std::mt19937 gen(seed + 8);
  ode_input in;
  bool small = p == preset::small;
  in.n = small ? 4 : 1000;
  in.s = small ? 5 : 10;
  append_uniform(gen, in.x, in.n, 0, 1);
  return in;
}

//===----------------------------------------------------------------------===//
// KMEANS: small k=3 n=10 d=2, bench k=10 n=1000 d=8. The centroids start at
// distinct random points.
//===----------------------------------------------------------------------===//

struct kmeans_input {
  int k, n, d;
  std::vector<double> points;    ///< n*d
  std::vector<double> centroids; ///< k*d
};

inline kmeans_input make_kmeans(preset p, unsigned seed = default_seed) {
  std::mt19937 gen(seed + 9);
  kmeans_input in;
  bool small = p == preset::small;
  in.k = small ? 3 : 10;
  in.n = small ? 10 : 1000;
  in.d = small ? 2 : 8;
  append_uniform(gen, in.points, in.n * in.d, 0, 1);
  for (int j = 0; j < in.k; j++) {
    int i = (j * in.n) / in.k;
    for (int l = 0; l < in.d; l++)
      in.centroids.push_back(in.points[i * in.d + l] +
                             uniform(gen, -0.01, 0.01));
  }
  return in;
}

} // namespace inputs
} // namespace objectives

#endif // TANGENT_BENCHMARKS_OBJECTIVES_INPUTS_HPP
