/**
 * The chain runner, convergence diagnostics and run directories, for direct use by sampler bundles.
 *
 * <p>{@link io.plate.mcmc.ParallelChainRunner} runs chains in parallel (it is also registered as the
 * {@link io.plate.api.sample.ChainRunner} service); {@link io.plate.mcmc.Diagnostics} holds split R-hat
 * and bulk/tail effective sample size (Vehtari et al. 2021) as pure functions over
 * {@code double[chain][draw]}; {@link io.plate.mcmc.SamplerPosterior} is an immutable
 * {@link io.plate.api.sample.Posterior} and {@link io.plate.mcmc.RunDirectory} writes any posterior as
 * the run directory of the command-line contract. No exported signature names a JSON library type
 * (2.0.0: {@code RunDirectory.summaryJson}, which returned Jackson's {@code ObjectNode}, is private).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.2.0")
package io.plate.mcmc;
