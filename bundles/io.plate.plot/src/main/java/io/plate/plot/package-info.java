/**
 * Headless charts for Plate's commands: line (trace) plots, scatter plots, bar charts with error bars,
 * and heat maps, composed into a grid of panels and written as PNG or SVG. The charting library
 * (XChart, with VectorGraphics2D for SVG) is embedded privately in this bundle; the API here uses only
 * Java types, so it can be replaced without touching callers.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package io.plate.plot;
