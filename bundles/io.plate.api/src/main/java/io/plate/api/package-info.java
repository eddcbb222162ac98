/**
 * Plate's root API package: the release version, the exception shared by every contract,
 * {@link io.plate.api.HeapCheck} (the one check of a large allocation against the Java heap, 1.2.0),
 * {@link io.plate.api.BundleOrigin} (the bundle and version a class came from, named by runs and model files, 1.3.0), and
 * {@link io.plate.api.Plate}, the entry point for using Plate as a plain Java library ({@link
 * io.plate.api.ClassPathServices} is what each jar registers there).
 *
 * <p>The API bundle holds interfaces and immutable value types only. Sub-packages:
 * {@link io.plate.api.data} (datasets and importers), {@link io.plate.api.learn} (learners, models,
 * evaluation), {@link io.plate.api.sample} (distributions, samplers, chains and posteriors) and
 * {@link io.plate.api.text} (the one table renderer, fitted to a terminal's width).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.3.0")
package io.plate.api;
