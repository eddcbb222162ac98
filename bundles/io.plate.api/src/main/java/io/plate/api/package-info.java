/**
 * Plate's root API package: the version constant and the exception shared by every contract.
 *
 * <p>The API bundle holds interfaces and immutable value types only. Sub-packages:
 * {@link io.plate.api.data} (datasets and importers), {@link io.plate.api.learn} (learners, models,
 * evaluation) and {@link io.plate.api.sample} (distributions, samplers, chains and posteriors).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package io.plate.api;
