/**
 * Learners, models, model files and evaluation.
 *
 * <p>A {@link io.plate.api.learn.Learner} describes its parameters ({@link io.plate.api.learn.ParamSpec})
 * and fits an immutable {@link io.plate.api.learn.Model}; a {@link io.plate.api.learn.ModelStore}
 * saves and loads models as versioned JSON; an {@link io.plate.api.learn.Evaluator} runs stratified
 * cross-validation or a holdout for any learner.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package io.plate.api.learn;
