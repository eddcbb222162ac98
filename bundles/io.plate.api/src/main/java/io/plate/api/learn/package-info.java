/**
 * Learners, models, model files and evaluation.
 *
 * <p>A {@link io.plate.api.learn.Learner} describes its parameters ({@link io.plate.api.learn.ParamSpec})
 * and fits an immutable {@link io.plate.api.learn.Model}; a {@link io.plate.api.learn.ModelStore}
 * saves and loads models as versioned JSON; an {@link io.plate.api.learn.Evaluator} runs stratified
 * cross-validation or a holdout for any learner. {@link io.plate.api.learn.Metrics},
 * {@link io.plate.api.learn.StratifiedFolds} and {@link io.plate.api.learn.StratifiedSplit} are the
 * figures and row assignments the evaluator and the shell share.
 *
 * <p>1.10.0: {@link io.plate.api.learn.Provenance#bundle()}, the bundle and version of the learner that fitted a
 * model, set by {@link io.plate.api.learn.Provenance#of(io.plate.api.learn.Learner, java.util.Map, long,
 * io.plate.api.data.Dataset)}.
 *
 * <p>1.11.0: {@link io.plate.api.learn.Params#parse(java.util.List, java.util.Map, java.util.Map)}, parameters
 * also known by another library's name (nb.gaussian's {@code priors}, scikit-learn GaussianNB's spelling of
 * {@code class_prior}); {@link io.plate.api.learn.Model#update} of a model without online updates throws a
 * {@link io.plate.api.PlateException}, as every caller's mistake does (it was an UnsupportedOperationException);
 * {@link io.plate.api.learn.Explanation#prior()} is empty for a model without a prior term (nb.complement).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.11.0")
package io.plate.api.learn;
