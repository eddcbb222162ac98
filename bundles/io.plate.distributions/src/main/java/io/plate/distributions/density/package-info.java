/**
 * Log densities and moments of the distributions the samplers use, as immutable values: an
 * {@code of(…)} factory validates the parameters (NaN-safe; a bad one throws
 * {@link java.lang.IllegalArgumentException} naming the parameter and its value) and precomputes every
 * constant term, so an evaluation costs only the terms that depend on the argument. Safe from any thread.
 *
 * <ul>
 * <li>{@link io.plate.distributions.density.GammaDensity} (shape, scale; also the density of log X for tiny shapes),
 *     {@link io.plate.distributions.density.BetaDensity}, {@link io.plate.distributions.density.NormalDensity},
 *     {@link io.plate.distributions.density.StudentTDensity} (df, location, scale);</li>
 * <li>{@link io.plate.distributions.density.DirichletDensity},
 *     {@link io.plate.distributions.density.DirichletMultinomialDensity} (the collapsed likelihood of a count
 *     vector given α, with and without the multinomial coefficient),
 *     {@link io.plate.distributions.density.MultivariateNormalDensity},
 *     {@link io.plate.distributions.density.MultivariateStudentTDensity} (the Normal-Inverse-Wishart
 *     predictive; Cholesky once, then one triangular solve and a {@code log1p} per point, allocation-free
 *     with a work array), {@link io.plate.distributions.density.NormalGammaDensity} (with its Student-t
 *     marginal and predictive);</li>
 * <li>{@link io.plate.distributions.density.CategoricalDensity}, {@link io.plate.distributions.density.BinomialDensity},
 *     {@link io.plate.distributions.density.MultinomialDensity}.</li>
 * </ul>
 *
 * <p>Sampling is not here: it is the {@code io.plate.api.sample.Distributions} service.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package io.plate.distributions.density;
