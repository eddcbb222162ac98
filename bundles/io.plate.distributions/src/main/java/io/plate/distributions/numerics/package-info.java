/**
 * Numerics shared by every Plate bundle: log-space arithmetic ({@link io.plate.distributions.numerics.LogMath})
 * and special functions ({@link io.plate.distributions.numerics.SpecialFunctions}). Pure static
 * functions, no state; safe from any thread.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package io.plate.distributions.numerics;
