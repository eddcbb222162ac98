package io.plate.distributions.impl;

import io.plate.distributions.numerics.CholeskyFactor;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Wishart and inverse-Wishart draws by the Bartlett decomposition (Bartlett 1933; Smith and Hocking
 * 1972). With {@code A} lower triangular, {@code A_ii = √χ²(ν − i)} (i from 0) and {@code A_ij ~ N(0, 1)}
 * below the diagonal, {@code Z = A Aᵀ ~ Wishart(ν, I)}; for any factor {@code S = L Lᵀ},
 * {@code L Z Lᵀ ~ Wishart(ν, S)}.
 *
 * <p>Inverse-Wishart(ν, Ψ) is the inverse of Wishart(ν, Ψ⁻¹). Taking the factor {@code C⁻ᵀ} of Ψ⁻¹
 * (with {@code Ψ = C Cᵀ}) gives {@code W⁻¹ = C Z⁻¹ Cᵀ = (C A⁻ᵀ)(C A⁻ᵀ)ᵀ}: one triangular inverse
 * of A and no inversion of Ψ at draw time.
 */
final class BartlettWishart {
    private final int p;
    private final double df;
    private final double[][] factor;
    private final boolean inverse;
    private final double[][] a;
    private final double[][] m;
    private final MarsagliaTsang.Bound[] chiSquareHalf;

    /** @param factor the lower Cholesky factor of the scale (Wishart) or of Ψ (inverse-Wishart) */
    BartlettWishart(double df, CholeskyFactor factor, boolean inverse) {
        this.p = factor.dimension();
        this.df = df;
        this.factor = factor.lower();
        this.inverse = inverse;
        this.a = new double[p][p];
        this.m = new double[p][p];
        this.chiSquareHalf = new MarsagliaTsang.Bound[p];
        for (int i = 0; i < p; i++) {
            chiSquareHalf[i] = new MarsagliaTsang.Bound((df - i) / 2);
        }
    }

    int dimension() {
        return p;
    }

    double[][] sample(UniformRandomProvider rng) {
        for (int i = 0; i < p; i++) {
            a[i][i] = Math.sqrt(2 * chiSquareHalf[i].next(rng));
            for (int j = 0; j < i; j++) {
                a[i][j] = Ziggurat.next(rng);
            }
        }
        if (!inverse) {
            // m = L A (lower triangular)
            for (int i = 0; i < p; i++) {
                for (int j = 0; j <= i; j++) {
                    double s = 0;
                    for (int k = j; k <= i; k++) {
                        s += factor[i][k] * a[k][j];
                    }
                    m[i][j] = s;
                }
            }
            return gramLower(m);
        }
        // t = A^-1 (lower triangular), column by column, stored in m
        for (int c = 0; c < p; c++) {
            for (int i = 0; i < c; i++) {
                m[i][c] = 0;
            }
            for (int i = c; i < p; i++) {
                double s = i == c ? 1.0 : 0.0;
                for (int k = c; k < i; k++) {
                    s -= a[i][k] * m[k][c];
                }
                m[i][c] = s / a[i][i];
            }
        }
        // b = C tᵀ: b[i][j] = Σ_k C[i][k] t[j][k], k <= min(i, j)
        double[][] b = new double[p][p];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j < p; j++) {
                double s = 0;
                int top = Math.min(i, j);
                for (int k = 0; k <= top; k++) {
                    s += factor[i][k] * m[j][k];
                }
                b[i][j] = s;
            }
        }
        double[][] x = new double[p][p];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j <= i; j++) {
                double s = 0;
                for (int k = 0; k < p; k++) {
                    s += b[i][k] * b[j][k];
                }
                x[i][j] = s;
                x[j][i] = s;
            }
        }
        return x;
    }

    /** A new symmetric matrix M Mᵀ for lower-triangular M. */
    private double[][] gramLower(double[][] lower) {
        double[][] w = new double[p][p];
        for (int i = 0; i < p; i++) {
            for (int j = 0; j <= i; j++) {
                double s = 0;
                for (int k = 0; k <= j; k++) {
                    s += lower[i][k] * lower[j][k];
                }
                w[i][j] = s;
                w[j][i] = s;
            }
        }
        return w;
    }

    double df() {
        return df;
    }
}
