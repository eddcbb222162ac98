/**
 * Randomness, distributions, Gibbs chains, the chain runner and posteriors.
 *
 * <p>Layering (after Stan): a {@link io.plate.api.sample.Chain} is one Gibbs sampler bound to its data
 * and state (its model's log joint and one {@code sweep}); the {@link io.plate.api.sample.ChainRunner}
 * runs several chains in parallel with burn-in, thinning, cancellation and progress, and computes
 * diagnostics over the traces; a {@link io.plate.api.sample.Sampler} service turns a dataset and
 * parameters into chains and the run into a {@link io.plate.api.sample.Posterior}.
 *
 * <p>Randomness is explicit: every draw takes a {@code UniformRandomProvider}, and chains get
 * independent streams derived from one root seed by {@link io.plate.api.sample.Distributions#stream}.
 *
 * <p>1.2.0: checkpoints. A {@link io.plate.api.sample.RestorableChain} writes and reads its state; the
 * runner saves it, with the chain's stream and kept summaries, to a {@link io.plate.api.sample.CheckpointStore}
 * as {@link io.plate.api.sample.Checkpoints} say, and resumes a run from there.
 *
 * <p>1.3.0: {@link io.plate.api.sample.Progress#sweeps()}, the sweeps done over all chains.
 *
 * <p>1.4.0: {@link io.plate.api.sample.Clustering#credibleBall()}, the point estimate's credible ball.
 *
 * <p>1.5.0: runs that go on until their summaries converge: {@link io.plate.api.sample.RunSettings#maxIterations()}
 * and {@link io.plate.api.sample.ChainRun#iterations()}.
 *
 * <p>1.6.0: {@link io.plate.api.sample.ClusteringFiles}. 1.7.0: {@link io.plate.api.sample.ClusteringFiles#TOP_WORDS},
 * the column of a text mixture's cluster words, which the shell shows.
 *
 * <p>1.8.0: {@link io.plate.api.sample.Posterior#bundle()}, the bundle and version of the sampler that ran.
 * <p>1.9.0: {@link io.plate.api.sample.Progress#logJointChain()}, the chain whose log joint a report shows.
 * <p>1.10.0: {@link io.plate.api.sample.Checkpoints#describing(String, io.plate.api.data.Dataset,
 * io.plate.api.learn.Params)}, the one description of a sampler's run that its checkpoints must match.
 * <p>1.11.0: {@link io.plate.api.sample.Posterior#clusterPredictor()}, {@link io.plate.api.sample.ClusterPredictor}
 * and {@link io.plate.api.sample.ClusterPredictions}: new rows assigned to a mixture run's clusters.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.12.0")
package io.plate.api.sample;
