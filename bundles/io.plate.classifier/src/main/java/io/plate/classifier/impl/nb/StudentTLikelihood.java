package io.plate.classifier.impl.nb;


import io.plate.api.data.Dataset;
import io.plate.api.data.NumericColumn;
import io.plate.api.learn.Explanation;
import io.plate.distributions.numerics.SpecialFunctions;
import java.util.List;
import java.util.Optional;

/**
 * The Bayesian numeric model: per class and feature, a normal likelihood with unknown mean and precision
 * under a Normal-Gamma(μ0, κ0, a0, b0) prior, and the exact posterior predictive of a new value, a
 * Student-t with 2·a_n degrees of freedom, location μ_n and squared scale b_n (κ_n + 1) / (a_n κ_n), where
 * κ_n = κ0 + n, μ_n = (κ0 μ0 + n x̄) / κ_n, a_n = a0 + n/2, b_n = b0 + m2/2 + κ0 n (x̄ − μ0)² / (2 κ_n)
 * (Murphy 2007, "Conjugate Bayesian analysis of the Gaussian distribution", §3).
 *
 * <p>The prior is centred on the data: μ0 is the feature's mean over all training rows and
 * b0 = a0 · b0_scale · (its variance over all training rows), or a0 · b0_scale when that variance is 0, so
 * the prior is scale-free and a model updated with more rows equals one fitted on all of them.
 * A missing value adds nothing.
 */
final class StudentTLikelihood implements Likelihood {
    private final Moments stats;
    private final int k;
    private final double[] loc;
    private final double[] invNuScale2;
    private final double[] halfNuPlus1;
    private final double[] logNorm;

    StudentTLikelihood(Moments stats, double kappa0, double a0, double b0Scale) {
        if (!(kappa0 > 0)) {
            throw new IllegalArgumentException("kappa0 must be > 0, got " + kappa0);
        }
        if (!(a0 > 0)) {
            throw new IllegalArgumentException("a0 must be > 0, got " + a0);
        }
        if (!(b0Scale > 0)) {
            throw new IllegalArgumentException("b0_scale must be > 0, got " + b0Scale);
        }
        this.stats = stats;
        this.k = stats.classes;
        int len = stats.n.length;
        loc = new double[len];
        invNuScale2 = new double[len];
        halfNuPlus1 = new double[len];
        logNorm = new double[len];
        for (int f = 0; f < stats.features(); f++) {
            double[] p = stats.pooled(f);
            double mu0 = p[0] > 0 ? p[1] : 0;
            double v0 = p[0] > 0 ? p[2] / p[0] : 0;
            double b0 = a0 * b0Scale * (v0 > 0 ? v0 : 1);
            for (int c = 0; c < k; c++) {
                int i = f * k + c;
                double n = stats.n[i];
                double xbar = n > 0 ? stats.mean[i] : 0;
                double kn = kappa0 + n;
                double mun = (kappa0 * mu0 + n * xbar) / kn;
                double an = a0 + n / 2;
                double dm = xbar - mu0;
                double bn = b0 + stats.m2[i] / 2 + kappa0 * n * dm * dm / (2 * kn);
                double nu = 2 * an;
                double scale2 = bn * (kn + 1) / (an * kn);
                loc[i] = mun;
                invNuScale2[i] = 1 / (nu * scale2);
                halfNuPlus1[i] = (nu + 1) / 2;
                logNorm[i] = SpecialFunctions.logGamma((nu + 1) / 2) - SpecialFunctions.logGamma(nu / 2)
                        - 0.5 * Math.log(nu * Math.PI * scale2);
            }
        }
    }

    private double logDensity(int i, double x) {
        double d = x - loc[i];
        return logNorm[i] - halfNuPlus1[i] * Math.log1p(d * d * invNuScale2[i]);
    }

    @Override
    public Optional<List<String>> columns() {
        return Optional.of(stats.names);
    }

    @Override
    public void addTo(Dataset data, double[][] jll) {
        NumericColumn[] cols = stats.bind(data);
        for (int f = 0; f < cols.length; f++) {
            NumericColumn col = cols[f];
            for (int r = 0; r < jll.length; r++) {
                double x = col.value(r);
                if (Double.isNaN(x)) {
                    continue;
                }
                double[] row = jll[r];
                for (int c = 0; c < k; c++) {
                    row[c] += logDensity(f * k + c, x);
                }
            }
        }
    }

    @Override
    public void explain(Dataset data, int row, List<Explanation.Term> out) {
        NumericColumn[] cols = stats.bind(data);
        for (int f = 0; f < cols.length; f++) {
            double x = cols[f].value(row);
            if (Double.isNaN(x)) {
                continue;
            }
            double[] t = new double[k];
            for (int c = 0; c < k; c++) {
                t[c] = logDensity(f * k + c, x);
            }
            out.add(new Explanation.Term(stats.names.get(f), Double.toString(x), t));
        }
    }
}
