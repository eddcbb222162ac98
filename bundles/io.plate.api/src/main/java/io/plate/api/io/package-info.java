/**
 * Files written whole or not at all: {@link io.plate.api.io.AtomicFiles} is the one atomic writer of
 * every bundle (models, run directories, plots, predictions, evaluations, draws).
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.2.0")
package io.plate.api.io;
