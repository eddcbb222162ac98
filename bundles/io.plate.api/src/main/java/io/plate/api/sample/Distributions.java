package io.plate.api.sample;

import org.apache.commons.rng.UniformRandomProvider;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The sampling-distribution service. Factories bind a distribution to an explicit generator and
 * return a sampler (precomputing what can be precomputed, e.g. an alias table); the {@code next…}
 * methods draw once with parameters that change at every call, allocating nothing, for the inner
 * loops of Gibbs samplers.
 *
 * <p>Parameters are validated with NaN-safe checks; a bad one throws {@link IllegalArgumentException}
 * whose message names the parameter and its value. Several providers may be installed (property
 * {@link #PROVIDER}); the one with the highest {@code service.ranking} is used, and a better-ranked
 * provider installed while the system runs replaces the bound one.
 *
 * <p>Reproducibility: the same generator state gives the same draws for a given provider.
 */
@ProviderType
public interface Distributions {
    /** Service property: the provider's name (e.g. {@code commons-math}, {@code fast}). */
    String PROVIDER = "plate.distributions";

    /** The provider's name. */
    String provider();

    /**
     * A generator for stream {@code index} of the root {@code seed}: stream 0 is the generator seeded
     * with {@code seed}, stream {@code i} is derived from it by {@code i} long jumps (or an equivalent
     * split), never by seeding with {@code seed + i}. Used to give parallel chains independent streams.
     */
    UniformRandomProvider stream(long seed, int index);

    // --- bound samplers -------------------------------------------------------------------------

    /** Gamma with {@code shape > 0} and {@code scale > 0}; shapes from 1e-3 to 1e6. */
    DoubleSampler gamma(UniformRandomProvider rng, double shape, double scale);

    /**
     * The logarithm of a Gamma({@code shape}, 1) variate, computed without underflow for shapes far
     * below 1 (where the variate itself rounds to 0).
     */
    DoubleSampler logGamma(UniformRandomProvider rng, double shape);

    /** Beta with shapes {@code a > 0} and {@code b > 0}. */
    DoubleSampler beta(UniformRandomProvider rng, double a, double b);

    /** Normal with {@code mean} and standard deviation {@code sd > 0}. */
    DoubleSampler normal(UniformRandomProvider rng, double mean, double sd);

    /** Student-t with {@code df > 0} degrees of freedom, location and scale. */
    DoubleSampler studentT(UniformRandomProvider rng, double df, double location, double scale);

    /** 1 with probability {@code p}, else 0. */
    IntSampler bernoulli(UniformRandomProvider rng, double p);

    /** Successes in {@code trials} independent trials of success probability {@code p}. */
    IntSampler binomial(UniformRandomProvider rng, int trials, double p);

    /** Index {@code i} with probability proportional to {@code weights[i]} (alias table). */
    IntSampler categorical(UniformRandomProvider rng, double[] weights);

    /** Index {@code i} with probability proportional to {@code exp(logWeights[i])}. */
    IntSampler categoricalFromLogWeights(UniformRandomProvider rng, double[] logWeights);

    /** Dirichlet({@code alpha}); tiny alphas give valid simplex points (never NaN, never all zero). */
    VectorSampler dirichlet(UniformRandomProvider rng, double[] alpha);

    /** Symmetric Dirichlet of dimension {@code k} and concentration {@code alpha} per component. */
    VectorSampler dirichlet(UniformRandomProvider rng, int k, double alpha);

    /** Counts per category of {@code trials} draws with {@code probabilities}. */
    IntVectorSampler multinomial(UniformRandomProvider rng, int trials, double[] probabilities);

    /** Multivariate normal by Cholesky factor of {@code covariance} (symmetric positive definite). */
    VectorSampler multivariateNormal(UniformRandomProvider rng, double[] mean, double[][] covariance);

    /** Wishart(df, scale) by the Bartlett decomposition; {@code df > dimension - 1}. */
    MatrixSampler wishart(UniformRandomProvider rng, double df, double[][] scale);

    /** Inverse-Wishart(df, scale): the inverse of a Wishart(df, scale⁻¹) draw. */
    MatrixSampler inverseWishart(UniformRandomProvider rng, double df, double[][] scale);

    // --- one-shot draws for inner loops ---------------------------------------------------------

    /** One Gamma(shape, scale) draw. */
    double nextGamma(UniformRandomProvider rng, double shape, double scale);

    /** log of one Gamma(shape, 1) draw, exact in log space for tiny shapes. */
    double nextLogGamma(UniformRandomProvider rng, double shape);

    /** One Beta(a, b) draw. */
    double nextBeta(UniformRandomProvider rng, double a, double b);

    /** One standard normal draw. */
    double nextStandardNormal(UniformRandomProvider rng);

    /**
     * One Dirichlet draw: reads {@code alpha[from..from+length)}, writes {@code out[from..from+length)}.
     * Allocates nothing; log-space draws keep tiny alphas valid.
     */
    void nextDirichlet(UniformRandomProvider rng, double[] alpha, int from, int length, double[] out);

    /**
     * One index in {@code [0, length)} with probability proportional to {@code exp(logWeights[i])};
     * the array is read, not changed. Throws when no weight is finite.
     */
    int nextCategoricalFromLogWeights(UniformRandomProvider rng, double[] logWeights, int length);

    /** One index in {@code [0, length)} with probability proportional to {@code weights[i] >= 0}. */
    int nextCategorical(UniformRandomProvider rng, double[] weights, int length);

    /** One (mean, precision) draw from Normal-Gamma(mu0, kappa0, a0, b0) (b0 a rate). */
    NormalGammaDraw nextNormalGamma(UniformRandomProvider rng, double mu0, double kappa0, double a0, double b0);

    /** One (mean, covariance) draw from Normal-Inverse-Wishart(mu0, kappa0, nu0, psi0). */
    NormalInverseWishartDraw nextNormalInverseWishart(UniformRandomProvider rng, double[] mu0, double kappa0,
            double nu0, double[][] psi0);
}
