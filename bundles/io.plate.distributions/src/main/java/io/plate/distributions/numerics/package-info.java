/**
 * Numerics shared by every Plate bundle: log-space arithmetic ({@link io.plate.distributions.numerics.LogMath})
 * special functions ({@link io.plate.distributions.numerics.SpecialFunctions}), the alias-table
 * construction ({@link io.plate.distributions.numerics.AliasConstruction}) and principal component
 * scores ({@link io.plate.distributions.numerics.PrincipalComponents}). Pure static
 * functions, no state; safe from any thread.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package io.plate.distributions.numerics;
