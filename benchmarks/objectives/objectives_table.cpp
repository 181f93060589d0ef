//===- benchmarks/objectives/objectives_table.cpp - speed and tape table --===//
///
/// \file
/// Prints, per objective of objectives.hpp at the benchmark sizes
/// (inputs.hpp, preset::bench), the time of the derivative its suite asks
/// for over the time of the primal, for tangent (through the wrappers of
/// tangent_wrappers.hpp, the objectives unchanged) and for the hand-written
/// derivative of hand.hpp where one is written, and tangent's peak tape
/// (tangent::stats). Times are thread CPU time; the configurations run in
/// interleaved rounds in this one process, each round timing calls until
/// `--min-time` seconds have passed, and a configuration's time is the
/// median of its rounds' medians.
///
/// Build: `cmake --build build --target objectives_table` (compiled by
/// build/bin/tangent-clang++ -O2). Usage: objectives_table [--rounds N]
/// [--min-time S] [objective...]
//===----------------------------------------------------------------------===//
#include "hand.hpp"
#include "inputs.hpp"
#include "tangent_wrappers.hpp"

#include <tangent/lanes.hpp>
#include <tangent/tangent.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace {

using vec = std::vector<double>;
namespace in = objectives::inputs;
namespace w = wrappers;
using in::preset;

double thread_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

/// One row: the primal, tangent's derivative and (if any) the hand one.
struct Row {
  std::string name, size, kind;
  std::function<void()> primal, tangent, hand;
  std::vector<double> rounds[3];
  std::size_t tape = 0;
};

double seconds_per_call(const std::function<void()> &f, double min_time) {
  std::vector<double> calls;
  const double start = thread_seconds();
  do {
    const double t0 = thread_seconds();
    f();
    calls.push_back(thread_seconds() - t0);
  } while (thread_seconds() - start < min_time || calls.size() < 3);
  return median(calls);
}

std::vector<Row> rows() {
  std::vector<Row> out;
  {
    auto g = std::make_shared<in::gmm_input>(in::make_gmm(preset::bench));
    auto d = std::make_shared<std::array<vec, 3>>();
    Row r{"gmm", "d=10 k=10 n=1000", "gradient"};
    r.primal = [g] {
      volatile double e =
          w::gmm(g->alphas.data(), g->means.data(), g->icf.data(), g->d, g->k,
                 g->n, g->x.data(), g->wishart.gamma, g->wishart.m);
      (void)e;
    };
    r.tangent = [g, d] {
      (*d)[0].assign(g->alphas.size(), 0);
      (*d)[1].assign(g->means.size(), 0);
      (*d)[2].assign(g->icf.size(), 0);
      tangent::grad<w::gmm, w::first_three>().pullback(
          g->alphas.data(), g->means.data(), g->icf.data(), g->d, g->k, g->n,
          g->x.data(), g->wishart.gamma, g->wishart.m, (*d)[0].data(),
          (*d)[1].data(), (*d)[2].data());
    };
    r.hand = [g] {
      vec J(g->alphas.size() + g->means.size() + g->icf.size());
      double err;
      objectives::gmm_gradient(g->d, g->k, g->n, g->alphas.data(),
                               g->means.data(), g->icf.data(), g->x.data(),
                               g->wishart, &err, J.data());
    };
    out.push_back(std::move(r));
  }
  {
    auto b = std::make_shared<in::ba_input>(in::make_ba(preset::bench));
    Row r{"ba", "20 cams, 1000 pts, 5000 obs",
          "Jacobian blocks (jacobian dense_into)"};
    const int ncam = objectives::BA_NCAMPARAMS;
    r.primal = [b] {
      vec re(2 * b->p), we(b->p);
      objectives::ba_objective(b->n, b->m, b->p, b->cams.data(), b->X.data(),
                               b->w.data(), b->obs.data(), b->feats.data(),
                               re.data(), we.data());
    };
    r.tangent = [b, ncam] {
      volatile double sink = 0;
      std::vector<double> block, wblock; // 2 x 15 and 1 x 1, reused
      for (int i = 0; i < b->p; i++) {
        double *cam = &b->cams[b->obs[2 * i] * ncam];
        double *X = &b->X[b->obs[2 * i + 1] * 3];
        double e[2], ew;
        tangent::jacobian<w::ba_reproj, w::ba_reproj_wrt>().dense_into(
            block, std::span<const double>(cam, ncam),
            std::span<const double>(X, 3), std::span<const double>(&b->w[i], 1),
            &b->feats[2 * i], std::span<double>(e, 2));
        tangent::jacobian<w::ba_weight>().dense_into(
            wblock, std::span<const double>(&b->w[i], 1),
            std::span<double>(&ew, 1));
        sink = sink + block[0] + wblock[0];
      }
    };
    // The same blocks from the vector forward mode's low-level entry: one
    // sweep of 16 lanes per observation, the 15 columns seeded once.
    Row l{"ba", "20 cams, 1000 pts, 5000 obs",
          "Jacobian blocks (pushforward_lanes<16>)"};
    l.primal = r.primal;
    l.tangent = [b, ncam] {
      using lane = tangent::lanes<double, 16>;
      static const auto seeds = [ncam] {
        std::array<lane, 15> s{};
        for (int j = 0; j < 15; j++)
          s[j][j] = 1;
        (void)ncam;
        return s;
      }();
      volatile double sink = 0;
      std::array<double, 2 * 15> block;
      for (int i = 0; i < b->p; i++) {
        double *cam = &b->cams[b->obs[2 * i] * ncam];
        double *X = &b->X[b->obs[2 * i + 1] * 3];
        double e[2], ew, tw = 1, tew = 0;
        lane te[2];
        tangent::jvp<w::ba_reproj, w::ba_reproj_wrt>().pushforward_lanes<16>(
            cam, X, &b->w[i], &b->feats[2 * i], e, &seeds[0], &seeds[ncam],
            &seeds[ncam + 3], te);
        for (int o = 0; o < 2; o++)
          for (int j = 0; j < 15; j++)
            block[15 * o + j] = te[o][j];
        tangent::jvp<w::ba_weight>().pushforward(&b->w[i], &ew, &tw, &tew);
        sink = sink + block[0] + tew;
      }
    };
    out.push_back(std::move(r));
    out.push_back(std::move(l));
  }
  {
    auto s = std::make_shared<in::lstm_input>(in::make_lstm(preset::bench));
    Row r{"lstm", "l=2 c=1024 b=14", "gradient"};
    r.primal = [s] {
      volatile double e =
          w::lstm(s->main_params.data(), s->extra_params.data(), s->l, s->c,
                  s->b, s->state.data(), s->sequence.data());
      (void)e;
    };
    r.tangent = [s] {
      vec dm(s->main_params.size()), de(s->extra_params.size());
      tangent::grad<w::lstm, w::first_two>().pullback(
          s->main_params.data(), s->extra_params.data(), s->l, s->c, s->b,
          s->state.data(), s->sequence.data(), dm.data(), de.data());
    };
    out.push_back(std::move(r));
  }
  {
    auto h = std::make_shared<in::hand_input>(in::make_hand(preset::bench));
    Row r{"ht", "simple, 100 points", "Jacobian 300x26"};
    r.primal = [h] {
      vec e(3 * h->npts);
      w::hand(h->theta.data(), h->model, h->correspondences.data(), h->npts,
              h->points.data(), e.data());
    };
    r.tangent = [h] {
      vec e(3 * h->npts);
      const auto J = tangent::jacobian<w::hand, w::hand_wrt>()(
          std::span<const double>(h->theta), h->model,
          h->correspondences.data(), h->npts, h->points.data(),
          std::span<double>(e));
      volatile double sink = J[0][0];
      (void)sink;
    };
    out.push_back(std::move(r));
  }
  {
    auto q = std::make_shared<in::llsq_input>(in::make_llsq(preset::bench));
    Row r{"llsq", "n=128 m=1024", "gradient"};
    r.primal = [q] {
      volatile double e = w::llsq(q->x.data(), q->n, q->m);
      (void)e;
    };
    r.tangent = [q] {
      vec g(q->n);
      tangent::grad<w::llsq, w::first>().pullback(q->x.data(), q->n, q->m,
                                                  g.data());
    };
    r.hand = [q] {
      vec g(q->n);
      double out;
      objectives::llsq_gradient(q->n, q->m, q->x.data(), &out, g.data());
    };
    out.push_back(std::move(r));
  }
  {
    auto q = std::make_shared<in::lse_input>(in::make_lse(preset::bench));
    Row r{"lse", "n=10000", "gradient"};
    r.primal = [q] {
      volatile double e = w::lse(q->x.data(), q->n);
      (void)e;
    };
    r.tangent = [q] {
      vec g(q->n);
      tangent::grad<w::lse, w::first>().pullback(q->x.data(), q->n, g.data());
    };
    r.hand = [q] {
      vec g(q->n);
      double out;
      objectives::lse_gradient(q->n, q->x.data(), &out, g.data());
    };
    out.push_back(std::move(r));
  }
  {
    auto q = std::make_shared<in::det_input>(in::make_det(preset::bench));
    Row r{"det", "7x7 by minors", "gradient"};
    r.primal = [q] {
      volatile double e = w::det(q->a.data(), q->ell);
      (void)e;
    };
    r.tangent = [q] {
      vec g(q->a.size());
      tangent::grad<w::det, w::first>().pullback(q->a.data(), q->ell, g.data());
    };
    out.push_back(std::move(r));
  }
  {
    auto q = std::make_shared<in::ode_input>(in::make_ode(preset::bench));
    Row r{"ode", "n=1000 s=10", "gradient of y[n-1]"};
    r.primal = [q] {
      volatile double e = w::ode(q->x.data(), q->n, q->s);
      (void)e;
    };
    r.tangent = [q] {
      vec g(q->n);
      tangent::grad<w::ode, w::first>().pullback(q->x.data(), q->n, q->s,
                                                 g.data());
    };
    r.hand = [q] {
      vec g(q->n), y(q->n);
      objectives::ode_last_gradient(q->n, q->s, q->x.data(), y.data(),
                                    g.data());
    };
    out.push_back(std::move(r));
  }
  {
    auto q = std::make_shared<in::kmeans_input>(in::make_kmeans(preset::bench));
    Row r{"kmeans", "k=10 n=1000 d=8", "gradient"};
    r.primal = [q] {
      volatile double e =
          w::kmeans(q->centroids.data(), q->k, q->n, q->d, q->points.data());
      (void)e;
    };
    r.tangent = [q] {
      vec g(q->centroids.size());
      tangent::grad<w::kmeans, w::first>().pullback(
          q->centroids.data(), q->k, q->n, q->d, q->points.data(), g.data());
    };
    r.hand = [q] {
      vec g(q->centroids.size()), hd(q->centroids.size());
      double out;
      objectives::kmeans_gradient_hessian(q->k, q->n, q->d, q->points.data(),
                                          q->centroids.data(), &out, g.data(),
                                          hd.data());
    };
    Row hr{"kmeans", "k=10 n=1000 d=8", "gradient + Hessian diagonal"};
    hr.primal = r.primal;
    hr.hand = r.hand;
    // k-means' Hessian is diagonal, so its diagonal is one Hessian-vector
    // product with the ones vector (docs/modes.md), as GradBench asks; the
    // product's sweep gives the gradient too (gradient_and_hvp).
    hr.tangent = [q] {
      const vec ones(q->centroids.size(), 1.0);
      const auto [g, hd] =
          tangent::hvp<w::kmeans_of, w::first>().gradient_and_hvp(
              q->centroids, q->k, q->n, q->d, q->points, ones);
      volatile double sink = g[0] + hd[0];
      (void)sink;
    };
    out.push_back(std::move(r));
    out.push_back(std::move(hr));
  }
  return out;
}

} // namespace

int main(int argc, char **argv) {
  int rounds = 5;
  double min_time = 0.2;
  std::vector<std::string> only;
  for (int i = 1; i < argc; i++) {
    if (!std::strcmp(argv[i], "--rounds") && i + 1 < argc)
      rounds = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--min-time") && i + 1 < argc)
      min_time = std::atof(argv[++i]);
    else
      only.push_back(argv[i]);
  }
  std::vector<Row> table = rows();
  if (!only.empty())
    table.erase(std::remove_if(table.begin(), table.end(),
                               [&](const Row &r) {
                                 return std::find(only.begin(), only.end(),
                                                  r.name) == only.end();
                               }),
                table.end());
  for (Row &r : table) { // warm-up, and the tape's peak
    r.primal();
    tangent::stats::reset();
    r.tangent();
    r.tape = tangent::stats::peak_bytes();
  }
  for (int k = 0; k < rounds; k++)
    for (Row &r : table) {
      r.rounds[0].push_back(seconds_per_call(r.primal, min_time));
      r.rounds[1].push_back(seconds_per_call(r.tangent, min_time));
      if (r.hand)
        r.rounds[2].push_back(seconds_per_call(r.hand, min_time));
    }
  std::printf("| objective (size) | derivative | primal | tangent / primal "
              "| hand-written / primal | tangent's peak tape |\n");
  std::printf("|---|---|---|---|---|---|\n");
  for (const Row &r : table) {
    const double p = median(r.rounds[0]);
    char hand[32] = "-";
    if (r.hand)
      std::snprintf(hand, sizeof hand, "%.2f", median(r.rounds[2]) / p);
    std::printf("| %s (%s) | %s | %.3g ms | %.2f | %s | %.1f MB |\n",
                r.name.c_str(), r.size.c_str(), r.kind.c_str(), 1e3 * p,
                median(r.rounds[1]) / p, hand, double(r.tape) / 1e6);
  }
  return 0;
}
