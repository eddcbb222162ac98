/**
 * Text for people: {@link io.plate.api.text.TextTable} is the one table renderer of every bundle (the
 * shell's listings and reports, a run's diagnostics table), fitted to the terminal it is written to.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package io.plate.api.text;
