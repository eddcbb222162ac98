package io.plate.plot;

import de.erichseifert.vectorgraphics2d.Document;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import io.plate.api.io.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Builds panels and writes figures. Rendering is headless (no display needed); files are written to a
 * temporary file and renamed, so a failed write leaves nothing half-written.
 */
public final class Plot {
    static final int WIDTH = 800;
    static final int HEIGHT = 360;

    private Plot() {
    }

    /** XChart's title font (the same for every chart type). */
    private static final java.awt.Font TITLE_FONT = new XYChartBuilder().build().getStyler().getChartTitleFont();
    /**
     * The widest legend kept at the right of a panel; a wider one (long series names such as
     * {@code nb.kernel bandwidth=silverman …}) goes below the plot, which would otherwise be squeezed.
     */
    static final int LEGEND_WIDTH = 150;
    /**
     * Room for a panel title. XChart centres a title over the plot, not the panel, and a legend at the
     * right takes up to {@value #LEGEND_WIDTH} pixels: a title fits twice the distance from that centre to the nearer edge.
     */
    static final int TITLE_WIDTH = WIDTH - 2 * LEGEND_WIDTH;

    /**
     * {@code title} as a panel shows it: whole when it fits the panel's width, else its start and end with
     * an ellipsis between ({@code θ of anti-sat…ban-test}); XChart would centre it and cut both ends.
     */
    public static String shortTitle(String title) {
        return shortTitle(title, true);
    }

    /** {@link #shortTitle(String)} for a panel with or without a legend at the right (without: nearly its width). */
    public static String shortTitle(String title, boolean legend) {
        int room = legend ? TITLE_WIDTH : WIDTH - 40;
        java.awt.FontMetrics fm = metrics(TITLE_FONT);
        if (fm.stringWidth(title) <= room) {
            return title;
        }
        int keep = title.length();
        String s;
        do {
            keep--;
            int head = (keep + 1) / 2;
            s = title.substring(0, head) + "…" + title.substring(title.length() - (keep - head));
        } while (keep > 2 && fm.stringWidth(s) > room);
        return s;
    }

    private static java.awt.FontMetrics metrics(java.awt.Font font) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            return g.getFontMetrics(font);
        } finally {
            g.dispose();
        }
    }

    /** XChart's legend font and padding (the same for every chart type). */
    private static final org.knowm.xchart.style.XYStyler LEGEND_STYLE = new XYChartBuilder().build().getStyler();
    /** The line sample XChart draws before each legend entry's name, with the gap after it. */
    private static final int LEGEND_SAMPLE = 30;

    /** The width of a legend of these series: their widest name, its line sample and XChart's padding either side. */
    static int legendWidth(List<Series> series) {
        java.awt.FontMetrics fm = metrics(LEGEND_STYLE.getLegendFont());
        int name = series.stream().mapToInt(s -> fm.stringWidth(s.name())).max().orElse(0);
        return name + LEGEND_SAMPLE + 4 * LEGEND_STYLE.getLegendPadding();
    }

    /** The height a legend of {@code n} entries, one a line, takes below a plot, with XChart's padding. */
    static int legendHeight(int n) {
        java.awt.FontMetrics fm = metrics(LEGEND_STYLE.getLegendFont());
        int pad = LEGEND_STYLE.getLegendPadding();
        return n * (fm.getHeight() + pad) + 3 * pad;
    }

    /** Ticks across an axis at most: more crowd their labels together. */
    static final int MAX_TICKS = 8;

    /**
     * Lines through each series (trace plots); a series of one point is drawn as a marker. Series without
     * points are left out.
     *
     * @throws IllegalArgumentException when no series has a point
     */
    public static Panel line(String title, String xLabel, String yLabel, List<Series> series) {
        List<Series> drawn = series.stream().filter(s -> s.x().length > 0).toList();
        if (drawn.isEmpty()) {
            throw new IllegalArgumentException("no points to plot in '" + title + "'");
        }
        boolean legend = series.size() > 1;
        boolean below = legend && legendWidth(drawn) > LEGEND_WIDTH;
        // a legend below the plot adds its height to the panel's, so that the plot keeps its size
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT + (below ? legendHeight(drawn.size()) : 0))
                .title(shortTitle(title, legend && !below)).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        c.getStyler().setChartBackgroundColor(Color.WHITE);
        boolean points = drawn.stream().anyMatch(s -> s.x().length == 1);
        c.getStyler().setMarkerSize(points ? 8 : 0);
        c.getStyler().setLegendVisible(legend);
        if (below) {
            c.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
            c.getStyler().setLegendLayout(org.knowm.xchart.style.Styler.LegendLayout.Vertical);
        }
        for (Series s : drawn) {
            XYSeries xy = c.addSeries(s.name(), s.x(), s.y());
            xy.setMarker(s.x().length == 1 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
        }
        Ticks x = niceXAxis(c, drawn);
        Ticks y = niceYAxis(c, drawn);
        return new Panel(c, null, x, y);
    }

    /**
     * Puts the x-axis ticks at round values, 1, 2 or 5 times a power of ten apart and at most
     * {@value #MAX_TICKS} of them, and bounds the axis at the outer ticks. XChart's own ticks were not round:
     * for equally spaced x values (every kept draw of a trace) it ticks at every n-th data value
     * ({@code 250 262 274 …}, {@code 101 523 945 …}), so {@link Panel} draws these ticks in place of XChart's.
     */
    static Ticks niceXAxis(XYChart c, List<Series> series) {
        double[] range = range(series, true);
        Ticks t = Ticks.of(range[0], range[1], MAX_TICKS, whole(series, true));
        c.getStyler().setXAxisMin(t.low());
        c.getStyler().setXAxisMax(t.high());
        c.getStyler().setPlotContentSize(1.0); // the axis bounds are the plot's edges, where Panel puts the ticks
        c.getStyler().setPlotGridVerticalLinesVisible(false);
        c.getStyler().setAxisTicksMarksVisible(false);
        c.getStyler().setXAxisTickLabelsColor(new Color(0, 0, 0, 0)); // keeps the labels' room for Panel's
        c.getStyler().setxAxisTickLabelsFormattingFunction(t::label);
        return t;
    }

    /**
     * The y-axis the same way, with a margin of 3 % of the data's range so that points at its ends are
     * not cut by the frame; labels have the digits their spacing needs ({@code -322.35}, not XChart's
     * {@code -322.3522029427222} at the ends of a short range). A constant (up to rounding) gets the
     * narrow axis of {@link Ticks#of}; whole numbers (a count of clusters) get whole ticks. The margin does
     * not cross 0: draws of a positive parameter (a DP's alpha) get an axis from 0, not from -1.
     */
    static Ticks niceYAxis(XYChart c, List<Series> series) {
        double[] range = range(series, false);
        double margin = 0.03 * (range[1] - range[0]);
        double lo = range[0] >= 0 ? Math.max(0, range[0] - margin) : range[0] - margin;
        double hi = range[1] <= 0 ? Math.min(0, range[1] + margin) : range[1] + margin;
        Ticks t = Ticks.of(lo, hi, Y_TICKS, whole(series, false));
        c.getStyler().setYAxisMin(t.low());
        c.getStyler().setYAxisMax(t.high());
        c.getStyler().setPlotGridHorizontalLinesVisible(false);
        c.getStyler().setYAxisTickLabelsColor(new Color(0, 0, 0, 0));
        c.getStyler().setyAxisTickLabelsFormattingFunction(t::label); // XChart's (hidden) labels keep the room of these
        return t;
    }

    /** Ticks up a panel's y-axis at most (it is less than half as high as wide). */
    static final int Y_TICKS = 6;

    /** Whether every finite x (or y) of the series is a whole number (iterations, counts): whole ticks then. */
    private static boolean whole(List<Series> series, boolean x) {
        return series.stream().flatMapToDouble(s -> java.util.Arrays.stream(x ? s.x() : s.y()))
                .allMatch(v -> !Double.isFinite(v) || v == Math.rint(v));
    }

    /** The least and greatest finite x (or y) of the series. */
    private static double[] range(List<Series> series, boolean x) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Series s : series) {
            for (double v : x ? s.x() : s.y()) {
                if (Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        return lo <= hi ? new double[] {lo, hi} : new double[] {0, 1};
    }

    /** The smallest of 1, 2 or 5 times a power of ten that is at least {@code raw}. */
    static double niceStep(double raw) {
        double p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= raw) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** The legend entries, one a line, that a panel's height holds with XChart's padding above and below. */
    static int legendRoom() {
        int n = 1;
        while (legendHeight(n + 1) <= HEIGHT - 2 * LEGEND_STYLE.getChartPadding()) {
            n++;
        }
        return n;
    }

    /**
     * Points of each series (cluster scatter plots). When the legend would not fit the panel ({@link #legendRoom}),
     * it names the series with the most points and ends in {@code … N more clusters}; all are drawn.
     */
    public static Panel scatter(String title, String xLabel, String yLabel, List<Series> series) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(shortTitle(title)).xAxisTitle(xLabel)
                .yAxisTitle(yLabel).build();
        c.getStyler().setChartBackgroundColor(Color.WHITE);
        c.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        c.getStyler().setMarkerSize(5);
        int room = legendRoom();
        boolean[] named = new boolean[series.size()];
        int hidden = series.size() > room ? series.size() - (room - 1) : 0;
        // the largest series (ties: the earlier) are named; the last entry counts the rest
        java.util.stream.IntStream.range(0, series.size()).boxed()
                .sorted(java.util.Comparator.comparingInt(i -> -series.get(i).x().length))
                .limit(hidden > 0 ? room - 1 : series.size()).forEach(i -> named[i] = true);
        double[] at = null;
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            c.addSeries(s.name(), s.x(), s.y()).setShowInLegend(named[i]);
            at = at == null && s.x().length > 0 ? new double[] {s.x()[0], s.y()[0]} : at;
        }
        if (hidden > 0 && at != null) { // a legend entry only: no marker, on a point already drawn (the axes stay)
            c.addSeries("… " + hidden + " more clusters", new double[] {at[0]}, new double[] {at[1]})
                    .setMarker(SeriesMarkers.NONE);
        }
        return new Panel(c);
    }

    /** Bars per category, one group per series, with error bars where the series has them. */
    public static Panel bars(String title, String xLabel, String yLabel, List<String> categories,
            List<Series> series) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(shortTitle(title, series.size() > 1))
                .xAxisTitle(xLabel)
                .yAxisTitle(yLabel).build();
        c.getStyler().setChartBackgroundColor(Color.WHITE);
        c.getStyler().setLegendVisible(series.size() > 1);
        c.getStyler().setXAxisLabelRotation(categories.size() > 12 ? 90 : 0);
        for (Series s : series) {
            if (s.y().length != categories.size()) {
                throw new IllegalArgumentException("series '" + s.name() + "' has " + s.y().length + " values for "
                        + categories.size() + " categories");
            }
            List<Double> ys = box(s.y());
            if (s.error() != null) {
                c.addSeries(s.name(), categories, ys, box(s.error()));
            } else {
                c.addSeries(s.name(), categories, ys);
            }
        }
        return new Panel(c);
    }

    /**
     * A heat map's colours, white for the smallest value up to a mid blue: XChart's default ran from orange
     * to dark red, so a zero count looked like a hot cell and the black figures on the darkest cells had a
     * contrast of about 2:1; on these every figure keeps at least WCAG's 4.5:1.
     */
    static final Color[] HEAT = {Color.WHITE, new Color(0xc6, 0xdb, 0xef), new Color(0x6b, 0xae, 0xd6),
            new Color(0x31, 0x82, 0xbd)};

    /** A heat map of {@code values[row][column]} (confusion matrices, co-clustering). */
    public static Panel heatmap(String title, List<String> columnLabels, List<String> rowLabels, double[][] values) {
        if (values.length != rowLabels.size()) {
            throw new IllegalArgumentException(values.length + " rows for " + rowLabels.size() + " row labels");
        }
        HeatMapChart c = new HeatMapChartBuilder().width(WIDTH).height(Math.max(HEIGHT, 40 * rowLabels.size() + 120))
                .title(shortTitle(title, false)).build();
        c.getStyler().setChartBackgroundColor(Color.WHITE);
        c.getStyler().setShowValue(values.length <= 30);
        c.getStyler().setRangeColors(HEAT);
        c.getStyler().setValueFontColor(Color.BLACK);
        java.util.List<Number[]> cells = new java.util.ArrayList<>();
        for (int r = 0; r < values.length; r++) {
            if (values[r].length != columnLabels.size()) {
                throw new IllegalArgumentException("row " + r + " has " + values[r].length + " values for "
                        + columnLabels.size() + " columns");
            }
            for (int col = 0; col < values[r].length; col++) {
                // heat map rows are drawn bottom-up: put row 0 at the top
                cells.add(new Number[] {col, values.length - 1 - r, values[r][col]});
            }
        }
        java.util.List<String> yLabels = new java.util.ArrayList<>(rowLabels);
        java.util.Collections.reverse(yLabels);
        c.addSeries(title, columnLabels, yLabels, cells);
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        boolean whole = true;
        for (double[] row : values) {
            for (double v : row) {
                min = Math.min(min, v);
                max = Math.max(max, v);
                whole &= v == Math.rint(v);
            }
        }
        if (whole) {
            c.getStyler().setHeatMapDecimalValueFormatter(v -> String.format(Locale.ROOT, "%,d", Math.round(v)));
        }
        // XChart's own colour legend is a picture with labels like 345.0; Panel draws the scale instead
        c.getStyler().setLegendVisible(false);
        return new Panel(c, new Panel.ColourBar(min, max, c.getStyler().getRangeColors(), whole));
    }

    /**
     * Writes the panels as one figure, {@code columns} panels a row, in the format the file name says
     * ({@code .png} or {@code .svg}).
     */
    public static void write(Path file, int columns, List<Panel> panels) throws IOException {
        write(file, columns, panels, null);
    }

    /** Caption lines' font and height. */
    private static final java.awt.Font CAPTION_FONT = new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 14);
    private static final int CAPTION_LINE = 20;

    /**
     * Writes the panels as {@link #write(Path, int, List)} does, under a caption (may be null) that says
     * what the panels share and carries what their titles cannot (full names of shortened titles), wrapped
     * to the figure's width.
     */
    public static void write(Path file, int columns, List<Panel> panels, String caption) throws IOException {
        if (panels.isEmpty()) {
            throw new IllegalArgumentException("nothing to plot");
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        boolean svg = name.endsWith(".svg");
        if (!svg && !name.endsWith(".png")) {
            throw new IllegalArgumentException("plot file '" + file + "' must end in .png or .svg");
        }
        int cols = Math.max(1, Math.min(columns, panels.size()));
        int rows = (panels.size() + cols - 1) / cols;
        int w = WIDTH * cols;
        List<String> lines = caption == null ? List.of() : wrap(caption, metrics(CAPTION_FONT), w - 20);
        int top = lines.isEmpty() ? 0 : lines.size() * CAPTION_LINE + 12;
        int h = top + java.util.stream.IntStream.range(0, rows).map(r -> rowHeight(panels, cols, r)).sum();
        AtomicFiles.write(file, out -> {
            if (svg) {
                VectorGraphics2D g = new VectorGraphics2D();
                paintCaption(g, lines);
                paintAll(g, panels, cols, top);
                Document doc = new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, w, h));
                ByteArrayOutputStream drawn = new ByteArrayOutputStream();
                doc.writeTo(drawn);
                SvgCompaction.write(drawn.toByteArray(), out); // one path per line series, shared styles
            } else {
                BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
                Graphics2D g = img.createGraphics();
                g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                g.setColor(Color.WHITE);
                g.fillRect(0, 0, w, h);
                paintCaption(g, lines);
                paintAll(g, panels, cols, top);
                g.dispose();
                if (!ImageIO.write(img, "png", out)) {
                    throw new IOException("no PNG writer available");
                }
            }
        });
    }

    private static void paintCaption(Graphics2D g, List<String> lines) {
        g.setFont(CAPTION_FONT);
        g.setColor(Color.BLACK);
        for (int i = 0; i < lines.size(); i++) {
            g.drawString(lines.get(i), 10, 6 + (i + 1) * CAPTION_LINE - 5);
        }
    }

    /** {@code text} in lines no wider than {@code width}, broken at spaces. */
    static List<String> wrap(String text, java.awt.FontMetrics fm, int width) {
        List<String> lines = new java.util.ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && fm.stringWidth(line + " " + word) > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** The height of row {@code r} of the figure: its tallest panel's (a panel with a legend below is taller). */
    private static int rowHeight(List<Panel> panels, int cols, int r) {
        int h = 0;
        for (int i = r * cols; i < Math.min(panels.size(), (r + 1) * cols); i++) {
            h = Math.max(h, panels.get(i).height());
        }
        return h;
    }

    private static void paintAll(Graphics2D g, List<Panel> panels, int cols, int top) {
        int y = top;
        for (int i = 0; i < panels.size(); i++) {
            int height = panels.get(i).height();
            Graphics2D sub = (Graphics2D) g.create((i % cols) * WIDTH, y, WIDTH, height);
            try {
                panels.get(i).paint(sub, WIDTH, height);
            } finally {
                sub.dispose();
            }
            if (i % cols == cols - 1 || i == panels.size() - 1) {
                y += rowHeight(panels, cols, i / cols);
            }
        }
    }

    private static List<Double> box(double[] a) {
        java.util.List<Double> out = new java.util.ArrayList<>(a.length);
        for (double v : a) {
            out.add(v);
        }
        return out;
    }
}
