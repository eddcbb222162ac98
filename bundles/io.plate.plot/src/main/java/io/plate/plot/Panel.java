package io.plate.plot;

import java.awt.Graphics2D;

/** One chart of a figure. Made by {@link Plot}; opaque to callers. */
public final class Panel {
    private final org.knowm.xchart.internal.chartpart.Chart<?, ?> chart;

    Panel(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) {
        this.chart = chart;
    }

    void paint(Graphics2D g, int width, int height) {
        chart.paint(g, width, height);
    }
}
