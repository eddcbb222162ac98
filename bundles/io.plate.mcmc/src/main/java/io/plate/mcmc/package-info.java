/**
 * What sampler bundles and the shell use of the MCMC layer directly: contracts, value types and pure
 * functions. The runner itself and the run directory writer are the bundle's implementation.
 *
 * <p>{@link io.plate.mcmc.ChainRunnerPool} is a {@link io.plate.api.sample.ChainRunner} with its own
 * worker threads, for use without a service registry (in a framework, ask for the {@code ChainRunner}
 * service); {@link io.plate.mcmc.Diagnostics} holds split R-hat and bulk/tail effective sample size
 * (Vehtari et al. 2021) as pure functions over {@code double[chain][draw]}, and
 * {@link io.plate.mcmc.DiagnosticsTable} renders them for people; {@link io.plate.mcmc.SamplerPosterior}
 * is an immutable {@link io.plate.api.sample.Posterior} that writes itself as the run directory of the
 * command-line contract. No exported signature names a JSON library type.
 *
 * <p>{@link io.plate.mcmc.CheckpointFolder} is the local {@link io.plate.api.sample.CheckpointStore} of
 * checkpointed runs, and {@link io.plate.mcmc.StateCodec} how runner and chains write generator states
 * and strings in them (3.1.0).
 *
 * <p>3.2.0: {@link io.plate.mcmc.SamplerPosterior#read}, a run directory read back (for a run of an
 * earlier process). 3.3.0: {@link io.plate.mcmc.SamplerPosterior#IGNORES}, the fact of what a run leaves out
 * of its data. 3.4.0: {@link io.plate.mcmc.SamplerPosterior#COLUMNS}, the fact of the columns a run models and
 * leaves out. 3.6.0: {@link io.plate.mcmc.ProgressPrinter}, the progress line of a run (the shell's, which the Spark
 * jar's {@code cluster} shows too). 3.7.0: {@link io.plate.mcmc.Diagnostics#quantiles}, quantiles by selection
 * that a command's interrupt stops. 3.8.0: {@link io.plate.mcmc.SamplerPosterior.Builder#clusterPredictor}, what
 * assigns new rows to a mixture run's clusters.
 *
 * <p>3.0.0: {@code ParallelChainRunner}, {@code RunDirectory} and {@code TraceBuffer} are no longer
 * exported ({@code ChainRunnerPool.over} in place of {@code new ParallelChainRunner},
 * {@code DiagnosticsTable.render} in place of {@code RunDirectory.diagnosticsTable}).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("3.8.0")
package io.plate.mcmc;
