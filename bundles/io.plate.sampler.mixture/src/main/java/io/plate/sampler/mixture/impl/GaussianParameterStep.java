package io.plate.sampler.mixture.impl;

import io.plate.api.sample.Distributions;
import io.plate.api.sample.NormalGammaDraw;
import io.plate.api.sample.NormalInverseWishartDraw;
import io.plate.distributions.numerics.CholeskyFactor;
import io.plate.distributions.numerics.SpecialFunctions;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * The parameter step of the uncollapsed Gaussian chain: each cluster's (μ, Σ) from its conditional given
 * the cluster's summed statistics (laid out as {@link GaussianZStep} writes them), under the prior of
 * the collapsed sampler's components — Normal-Inverse-Wishart(μ0, κ0, ν0, Ψ0) for full covariances,
 * Normal-Gamma(μ0_j, κ0, a0, b0_j) per column for diagonal ones (Murphy 2007, §9 and §6) — and the
 * cluster's terms of the log joint, log p(y_c | μ, Σ) + log p(μ, Σ), from the same statistics.
 * Everything is in coordinates centred on μ0.
 */
abstract class GaussianParameterStep {
    static final double LOG_2PI = Math.log(2 * Math.PI);

    final NumericData data;
    final int d;
    final double[] mu0;
    final double kappa0;

    private GaussianParameterStep(NumericData data, double[] mu0, double kappa0) {
        this.data = data;
        this.d = data.dims;
        this.mu0 = mu0.clone();
        this.kappa0 = kappa0;
    }

    /** The step under the prior of {@code components} (the collapsed sampler's, with its defaults). */
    static GaussianParameterStep of(Components components) {
        if (components instanceof FullGaussianComponents f) {
            return new Full(f);
        }
        if (components instanceof DiagonalGaussianComponents g) {
            return new Diagonal(g);
        }
        throw new IllegalArgumentException("not Gaussian components: " + components.getClass().getSimpleName());
    }

    abstract boolean full();

    /** Doubles of the spread (Σ or the precisions) per cluster. */
    abstract int spreadLength();

    int stride() {
        return GaussianZStep.stride(d, full());
    }

    /** Draws cluster c's centred mean into {@code mean[c·d..]} and its spread into {@code spread[c·spreadLength()..]}. */
    abstract void draw(double[] stats, int c, Distributions dist, UniformRandomProvider rng, double[] mean,
            double[] spread);

    /** log p(rows of c | μ_c, Σ_c) + log p(μ_c, Σ_c), the rows' terms from the statistics. */
    abstract double logJoint(double[] stats, int c, double[] mean, double[] spread);

    private static final class Full extends GaussianParameterStep {
        private final double nu0;
        private final double[][] psi0;
        private final double priorConstant; // the inverse-Wishart's normaliser

        Full(FullGaussianComponents c) {
            super(c.data(), c.mu0(), c.kappa0());
            this.nu0 = c.nu0();
            this.psi0 = c.psi0();
            double logDetPsi0 = CholeskyFactor.of("psi0", psi0).logDeterminant();
            this.priorConstant = 0.5 * nu0 * logDetPsi0 - 0.5 * nu0 * d * Math.log(2)
                    - SpecialFunctions.logMultivariateGamma(d, nu0 / 2);
        }

        @Override
        boolean full() {
            return true;
        }

        @Override
        int spreadLength() {
            return d * d;
        }

        /** Σ y yᵀ of cluster c as a full matrix. */
        private double[][] scatter(double[] stats, int c) {
            double[][] s = new double[d][d];
            for (int i = 0, p = c * stride() + 1 + d; i < d; i++) {
                for (int j = 0; j <= i; j++, p++) {
                    s[i][j] = stats[p];
                    s[j][i] = stats[p];
                }
            }
            return s;
        }

        /** μ, Σ | rows ~ NIW(μ_n, κ0 + n, ν0 + n, Ψ0 + S − κ_n μ_n μ_nᵀ), μ_n = Σ y / κ_n, S = Σ y yᵀ. */
        @Override
        void draw(double[] stats, int c, Distributions dist, UniformRandomProvider rng, double[] mean,
                double[] spread) {
            int o = c * stride();
            double n = stats[o];
            double kn = kappa0 + n;
            double[] loc = new double[d];
            for (int i = 0; i < d; i++) {
                loc[i] = stats[o + 1 + i] / kn;
            }
            double[][] psi = scatter(stats, c);
            for (int i = 0; i < d; i++) {
                for (int j = 0; j <= i; j++) {
                    psi[i][j] += psi0[i][j] - kn * loc[i] * loc[j];
                    psi[j][i] = psi[i][j];
                }
            }
            NormalInverseWishartDraw g;
            try {
                g = dist.nextNormalInverseWishart(rng, loc, kn, nu0 + n, psi);
            } catch (IllegalArgumentException e) {
                throw new SingularMatrixException("the posterior scale matrix of cluster slot " + c + " (" + (long) n
                        + " rows): " + e.getMessage() + "; a larger prior_scale keeps it away from singular", e);
            }
            System.arraycopy(g.mean(), 0, mean, c * d, d);
            double[][] sigma = g.covariance();
            for (int i = 0; i < d; i++) {
                System.arraycopy(sigma[i], 0, spread, (c * d + i) * d, d);
            }
        }

        @Override
        double logJoint(double[] stats, int c, double[] mean, double[] spread) {
            int o = c * stride();
            double n = stats[o];
            double[][] sigma = new double[d][d];
            for (int i = 0; i < d; i++) {
                System.arraycopy(spread, (c * d + i) * d, sigma[i], 0, d);
            }
            CholeskyFactor f = CholeskyFactor.of("covariance of cluster " + c, sigma);
            double[][] inv = f.inverse();
            double logDet = f.logDeterminant();
            double[][] s = scatter(stats, c);
            double trData = 0; // tr(Σ⁻¹ Σ (y − μ)(y − μ)ᵀ) with Σ (y − μ)(y − μ)ᵀ = S − s μᵀ − μ sᵀ + n μ μᵀ
            double trPrior = 0; // tr(Ψ0 Σ⁻¹)
            double quad = 0; // μᵀ Σ⁻¹ μ
            for (int i = 0; i < d; i++) {
                double mi = mean[c * d + i];
                double si = stats[o + 1 + i];
                for (int j = 0; j < d; j++) {
                    double mj = mean[c * d + j];
                    double sj = stats[o + 1 + j];
                    trData += inv[i][j] * (s[i][j] - si * mj - mi * sj + n * mi * mj);
                    trPrior += psi0[i][j] * inv[j][i];
                    quad += mi * inv[i][j] * mj;
                }
            }
            double data = -0.5 * n * (d * LOG_2PI + logDet) - 0.5 * trData;
            double meanPrior = -0.5 * d * LOG_2PI - 0.5 * (logDet - d * Math.log(kappa0)) - 0.5 * kappa0 * quad;
            double covPrior = priorConstant - 0.5 * (nu0 + d + 1) * logDet - 0.5 * trPrior;
            return data + meanPrior + covPrior;
        }
    }

    private static final class Diagonal extends GaussianParameterStep {
        private final double a0;
        private final double[] b0;
        private final double[] priorConstant; // per column: a0 log b0 − log Γ(a0) − ½ log 2π + ½ log κ0

        Diagonal(DiagonalGaussianComponents c) {
            super(c.data(), c.mu0(), c.kappa0());
            this.a0 = c.a0();
            this.b0 = c.b0();
            this.priorConstant = new double[d];
            for (int j = 0; j < d; j++) {
                priorConstant[j] = a0 * Math.log(b0[j]) - SpecialFunctions.logGamma(a0) - 0.5 * LOG_2PI
                        + 0.5 * Math.log(kappa0);
            }
        }

        @Override
        boolean full() {
            return false;
        }

        @Override
        int spreadLength() {
            return d;
        }

        /**
         * Per column, μ, τ | values ~ Normal-Gamma(μ_n, κ0 + n, a0 + n/2, b0 + ½(Σ y² − κ_n μ_n²)),
         * μ_n = Σ y / κ_n over the n values present.
         */
        @Override
        void draw(double[] stats, int c, Distributions dist, UniformRandomProvider rng, double[] mean,
                double[] spread) {
            int o = c * stride() + 1;
            for (int j = 0; j < d; j++) {
                double n = stats[o + 3 * j];
                double kn = kappa0 + n;
                double mn = stats[o + 3 * j + 1] / kn;
                double bn = b0[j] + 0.5 * Math.max(0, stats[o + 3 * j + 2] - kn * mn * mn);
                NormalGammaDraw g = dist.nextNormalGamma(rng, mn, kn, a0 + 0.5 * n, bn);
                mean[c * d + j] = g.mean();
                spread[c * d + j] = g.precision();
            }
        }

        @Override
        double logJoint(double[] stats, int c, double[] mean, double[] spread) {
            int o = c * stride() + 1;
            double lj = 0;
            for (int j = 0; j < d; j++) {
                double n = stats[o + 3 * j];
                double s = stats[o + 3 * j + 1];
                double ss = stats[o + 3 * j + 2];
                double mu = mean[c * d + j];
                double tau = spread[c * d + j];
                double logTau = Math.log(tau);
                lj += -0.5 * n * LOG_2PI + 0.5 * n * logTau - 0.5 * tau * (ss - 2 * mu * s + n * mu * mu);
                lj += priorConstant[j] + 0.5 * logTau - 0.5 * kappa0 * tau * mu * mu + (a0 - 1) * logTau - b0[j] * tau;
            }
            return lj;
        }
    }
}
