package io.plate.plot;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.Locale;

/** One chart of a figure. Made by {@link Plot}; opaque to callers. */
public final class Panel {
    /** Width kept at the right of a heat map for its colour bar. */
    static final int BAR_SPACE = 90;

    private final org.knowm.xchart.internal.chartpart.Chart<?, ?> chart;
    private final ColourBar bar;
    private final Ticks xTicks;
    private final Ticks yTicks;
    private final int height;

    Panel(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) {
        this(chart, null);
    }

    Panel(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, ColourBar bar) {
        this.chart = chart;
        this.bar = bar;
        this.xTicks = null;
        this.yTicks = null;
        this.height = Plot.HEIGHT;
    }

    /**
     * A line chart whose ticks are drawn here in place of XChart's (see {@link Plot#niceXAxis}), as tall as the
     * chart (taller than the others when its legend is below the plot).
     */
    Panel(org.knowm.xchart.XYChart chart, ColourBar bar, Ticks xTicks, Ticks yTicks) {
        this.chart = chart;
        this.bar = bar;
        this.xTicks = xTicks;
        this.yTicks = yTicks;
        this.height = chart.getHeight();
    }

    /** The height the panel is drawn at in a figure. */
    int height() {
        return height;
    }

    /** The chart drawn (for tests of its styling). */
    org.knowm.xchart.internal.chartpart.Chart<?, ?> chart() {
        return chart;
    }

    /** The colour bar Plate draws beside a heat map, or null. */
    ColourBar bar() {
        return bar;
    }

    void paint(Graphics2D g, int width, int height) {
        if (bar == null) {
            chart.paint(g, width, height);
            if (xTicks != null) {
                paintTicks(g, width);
            }
            return;
        }
        chart.paint(g, width - BAR_SPACE, height);
        bar.paint(g, width - BAR_SPACE + 10, 60, height - 120);
    }

    /**
     * The ticks: grid lines across the plot, marks outside it and labels (centred under the x marks, kept
     * inside the panel; right-aligned left of the y marks), in XChart's styles. The axis bounds are the
     * plot's edges (content size 1), so chart coordinates map onto the plot's frame. Drawn kind by kind
     * (all grid lines, all marks, all labels), so that an SVG shares one style per kind; they do not
     * overlap, so a PNG's pixels are those of any order.
     */
    private void paintTicks(Graphics2D g, int width) {
        org.knowm.xchart.style.AxesChartStyler st = (org.knowm.xchart.style.AxesChartStyler) chart.getStyler();
        int top = (int) Math.round(chart.getScreenYFromChart(yTicks.high()));
        int bottom = (int) Math.round(chart.getScreenYFromChart(yTicks.low()));
        int left = (int) Math.round(chart.getScreenXFromChart(xTicks.low()));
        int right = (int) Math.round(chart.getScreenXFromChart(xTicks.high()));
        int mark = st.getAxisTickMarkLength();
        int pad = st.getAxisTickPadding();
        int[] xs = java.util.Arrays.stream(xTicks.values()).mapToInt(v -> (int) Math.round(chart.getScreenXFromChart(v))).toArray();
        int[] ys = java.util.Arrays.stream(yTicks.values()).mapToInt(v -> (int) Math.round(chart.getScreenYFromChart(v))).toArray();
        for (int x : xs) {
            grid(g, st, x, top, x, bottom);
        }
        for (int y : ys) {
            grid(g, st, left, y, right, y);
        }
        for (int x : xs) {
            mark(g, st, x, bottom + pad, x, bottom + pad + mark);
        }
        for (int y : ys) {
            mark(g, st, left - pad - mark, y, left - pad, y);
        }
        g.setFont(st.getAxisTickLabelsFont());
        g.setColor(st.getAxisTickLabelsColor());
        FontMetrics fm = g.getFontMetrics();
        for (int i = 0; i < xs.length; i++) {
            String label = xTicks.label(xTicks.values()[i]);
            int w = fm.stringWidth(label);
            int lx = Math.max(0, Math.min(width - w - 2, xs[i] - w / 2));
            g.drawString(label, lx, bottom + pad + mark + fm.getAscent());
        }
        for (int i = 0; i < ys.length; i++) {
            String label = yTicks.label(yTicks.values()[i]);
            g.drawString(label, left - pad - mark - 2 - fm.stringWidth(label), ys[i] + fm.getAscent() / 2 - 1);
        }
    }

    private static void grid(Graphics2D g, org.knowm.xchart.style.AxesChartStyler st, int x0, int y0, int x1, int y1) {
        g.setColor(st.getPlotGridLinesColor());
        g.setStroke(st.getPlotGridLinesStroke());
        g.drawLine(x0, y0, x1, y1);
    }

    private static void mark(Graphics2D g, org.knowm.xchart.style.AxesChartStyler st, int x0, int y0, int x1, int y1) {
        g.setColor(st.getAxisTickMarksColor());
        g.setStroke(st.getAxisTickMarksStroke());
        g.drawLine(x0, y0, x1, y1);
    }

    /**
     * A heat map's colour scale drawn by Plate instead of XChart's legend, which XChart renders as a
     * picture (its labels were bitmaps in an SVG) with labels such as {@code 345.0}: here the colours are
     * rectangles and the labels text, at round values, whole numbers for counts.
     */
    record ColourBar(double min, double max, Color[] colours, boolean whole) {
        private static final int STEPS = 64;

        /** The colour of {@code t} in [0, 1], interpolated between adjacent range colours as XChart does. */
        Color at(double t) {
            double x = Math.max(0, Math.min(1, t)) * (colours.length - 1);
            int i = Math.min(colours.length - 2, (int) Math.floor(x));
            double f = x - i;
            Color a = colours[i];
            Color b = colours[i + 1];
            return new Color((int) Math.round(a.getRed() + f * (b.getRed() - a.getRed())),
                    (int) Math.round(a.getGreen() + f * (b.getGreen() - a.getGreen())),
                    (int) Math.round(a.getBlue() + f * (b.getBlue() - a.getBlue())));
        }

        void paint(Graphics2D g, int x, int y, int h) {
            int w = 18;
            for (int s = 0; s < STEPS; s++) {
                int y0 = y + (int) Math.round((double) h * s / STEPS);
                int y1 = y + (int) Math.round((double) h * (s + 1) / STEPS);
                g.setColor(at(1 - (s + 0.5) / STEPS));
                g.fillRect(x, y0, w, y1 - y0);
            }
            g.setColor(Color.DARK_GRAY);
            g.drawRect(x, y, w, h);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            FontMetrics fm = g.getFontMetrics();
            for (double v : ticks()) {
                int ty = y + (int) Math.round(h * (max - v) / (max - min));
                g.drawLine(x + w, ty, x + w + 4, ty);
                g.drawString(label(v), x + w + 7, ty + fm.getAscent() / 2 - 1);
            }
        }

        /** Round values from min to max, about five of them (min and max alone when they are equal). */
        double[] ticks() {
            if (!(max > min)) {
                return new double[] {min};
            }
            double step = Plot.niceStep((max - min) / 5);
            if (whole) {
                step = Math.max(1, Math.round(step));
            }
            double first = Math.ceil(min / step) * step;
            int n = (int) Math.floor((max - first) / step + 1e-9) + 1;
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                out[i] = first + i * step;
            }
            return out;
        }

        String label(double v) {
            return whole ? String.format(Locale.ROOT, "%,d", Math.round(v)) : String.format(Locale.ROOT, "%.3g", v);
        }
    }
}
