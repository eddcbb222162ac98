package io.plate.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * The SVG of whole figures: what it draws (parsed with the JDK's XML parser) and its size. XChart draws a
 * line series segment by segment; a 2-chain iris trace was 1.2 MB of {@code <line>} elements.
 */
class SvgFigureTest {
    private static final int POINTS = 600; // a trace's drawn points per chain (Figures.TRACE_POINTS)

    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    /** A chain's trace: kept iterations 501, 507, … and a random walk around -320 (a log joint). */
    private static Series chain(String name, long seed) {
        Random r = new Random(seed);
        double[] x = new double[POINTS];
        double[] y = new double[POINTS];
        double v = -320;
        for (int i = 0; i < POINTS; i++) {
            x[i] = 501 + 6 * i;
            v = -320 + 0.8 * (v + 320) + 3 * r.nextGaussian();
            y[i] = v;
        }
        return Series.of(name, x, y);
    }

    private static Document parse(Path svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        DocumentBuilder b = f.newDocumentBuilder();
        b.setEntityResolver((pub, sys) -> new InputSource(new java.io.StringReader(""))); // the DTD is not fetched
        return b.parse(svg.toFile()); // throws unless well-formed
    }

    private static List<Element> elements(Document doc) {
        List<Element> out = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            out.add((Element) all.item(i));
        }
        return out;
    }

    /** A style property of {@code e} as drawn: on the element, else on the nearest group that sets it. */
    private static String property(Element e, String name) {
        for (Node n = e; n instanceof Element el; n = n.getParentNode()) {
            String v = SvgCompaction.style(el.getAttribute("style")).get(name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    private static String rgb(Color c) {
        return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
    }

    /** The points an element draws through: a path's, or a line's two ends. */
    private static List<double[]> points(Element e) {
        if (e.getLocalName().equals("line")) {
            return List.of(new double[] {Double.parseDouble(e.getAttribute("x1")), Double.parseDouble(e.getAttribute("y1"))},
                    new double[] {Double.parseDouble(e.getAttribute("x2")), Double.parseDouble(e.getAttribute("y2"))});
        }
        return PathPoints.of(e.getAttribute("d"));
    }

    @Test
    void eachLineSeriesIsOnePathThroughItsPoints(@TempDir Path dir) throws Exception {
        List<Series> chains = List.of(chain("chain 1", 1), chain("chain 2", 2));
        Panel panel = Plot.line("logJoint — trace", "iteration", "logJoint", chains);
        Path f = dir.resolve("trace.svg");
        Plot.write(f, 1, List.of(panel));
        Document doc = parse(f);
        assertEquals("svg", doc.getDocumentElement().getLocalName());
        for (Series s : chains) {
            String colour = rgb(((XYChart) panel.chart()).getSeriesMap().get(s.name()).getLineColor());
            List<Element> drawn = elements(doc).stream()
                    .filter(e -> List.of("line", "path", "polyline").contains(e.getLocalName()))
                    .filter(e -> colour.equals(property(e, "stroke"))).toList();
            // the series, and the legend's sample of it (one segment); it was one <line> per segment
            List<Element> runs = drawn.stream().filter(e -> points(e).size() > 2).toList();
            assertEquals(1, runs.size(), s.name() + ": elements in its colour " + drawn.size());
            assertTrue(drawn.size() <= 2, s.name() + ": " + drawn.size() + " elements in its colour");
            Element path = runs.get(0);
            assertEquals("round", property(path, "stroke-linejoin"), "joins drawn as the segments' round caps were");
            List<double[]> pts = points(path);
            assertEquals(POINTS, pts.size(), s.name() + ": points of its path");
            // the points are the series' own, mapped to the page by one scale and shift per axis, to the
            // hundredth of a pixel the file keeps (least squares over all points, then the largest miss)
            double[] px = pts.stream().mapToDouble(p -> p[0]).toArray();
            double[] py = pts.stream().mapToDouble(p -> p[1]).toArray();
            double[] fx = fit(s.x(), px);
            double[] fy = fit(s.y(), py);
            assertTrue(fx[1] > 0 && fy[1] < 0, "x grows right, y grows up: " + fx[1] + " " + fy[1]);
            assertTrue(fx[2] < 0.011 && fy[2] < 0.011, s.name() + ": largest miss " + fx[2] + " px across, " + fy[2] + " px up");
        }
    }

    /** {a, b, largest |a + b·x - y|} of the least-squares line through (x, y). */
    private static double[] fit(double[] x, double[] y) {
        int n = x.length;
        double mx = java.util.Arrays.stream(x).average().orElseThrow();
        double my = java.util.Arrays.stream(y).average().orElseThrow();
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            sxy += (x[i] - mx) * (y[i] - my);
            sxx += (x[i] - mx) * (x[i] - mx);
        }
        double b = sxy / sxx;
        double a = my - b * mx;
        double miss = 0;
        for (int i = 0; i < n; i++) {
            miss = Math.max(miss, Math.abs(a + b * x[i] - y[i]));
        }
        return new double[] {a, b, miss};
    }

    @Test
    void aTwoChainTraceOf600PointsIsTensOfKilobytes(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("trace.svg");
        Plot.write(f, 1, List.of(Plot.line("logJoint — trace", "iteration", "logJoint",
                List.of(chain("chain 1", 1), chain("chain 2", 2)))));
        long size = Files.size(f);
        // XChart's segments as <line>s of about 330 bytes each made 1,198 of them about 400 KB
        assertTrue(size < 60_000, size + " bytes");
        long lines = elements(parse(f)).stream().filter(e -> e.getLocalName().equals("line")).count();
        assertTrue(lines < 40, lines + " <line> elements (grid, ticks, legend)");
    }

    /**
     * The ticks that {@link Panel} draws on a line chart are written kind by kind, so each kind's style is
     * written once: drawn tick by tick (grid line, mark, label), every one of them repeated its style.
     */
    @Test
    void tickLabelsAndGridLinesShareAStylePerKind(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("trace.svg");
        Plot.write(f, 1, List.of(Plot.line("logJoint — trace", "iteration", "logJoint",
                List.of(chain("chain 1", 1), chain("chain 2", 2)))));
        List<Element> all = elements(parse(f));
        List<Element> labels = all.stream().filter(e -> e.getLocalName().equals("text")).toList();
        assertTrue(labels.size() >= 6, labels.size() + " tick labels");
        assertTrue(labels.stream().allMatch(e -> !e.hasAttribute("style") && e.getParentNode() == labels.get(0).getParentNode()),
                "the labels in one group that carries their style");
        List<Element> grid = all.stream().filter(e -> e.getLocalName().equals("line") && property(e, "stroke-dasharray") != null
                && !property(e, "stroke-dasharray").equals("3,0")).toList(); // 3,0: XChart's solid frame
        assertTrue(grid.size() >= 6, grid.size() + " grid lines");
        assertTrue(grid.stream().allMatch(e -> !e.hasAttribute("style")), "grid lines share their style");
    }

    @Test
    void scatterMarkersShareTheirSeriesStyle(@TempDir Path dir) throws Exception {
        Random r = new Random(3);
        List<Series> clusters = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            double[] x = new double[50];
            double[] y = new double[50];
            for (int i = 0; i < 50; i++) {
                x[i] = 2 * c + r.nextGaussian();
                y[i] = c + 0.5 * r.nextGaussian();
            }
            clusters.add(Series.of("cluster " + (c + 1), x, y));
        }
        Path f = dir.resolve("clusters.svg");
        Plot.write(f, 1, List.of(Plot.scatter("clusters", "x", "y", clusters)));
        // each marker repeated its style and 17-digit coordinates, each label's outline too
        assertTrue(Files.size(f) < 80_000, Files.size(f) + " bytes");
        List<Element> all = elements(parse(f));
        // XChart's markers: circles, diamonds (paths), squares; 150 points and 3 legend samples
        long markers = all.stream().filter(e -> e.getLocalName().equals("ellipse")).count();
        assertTrue(markers >= 50, markers + " circles");
        long styled = all.stream().filter(e -> e.getLocalName().equals("ellipse") && e.hasAttribute("style")).count();
        assertTrue(styled <= 1, styled + " circles with their own style (the legend's may stand alone)");
    }

    /**
     * A PNG is the panels painted by Java2D, antialiased on white, nothing of the SVG's rewriting: every
     * pixel the same as the panels painted here.
     */
    @Test
    void pngIsThePanelsAsJava2dPaintsThem(@TempDir Path dir) throws Exception {
        List<Panel> panels = List.of(Plot.line("logJoint — trace", "iteration", "logJoint",
                List.of(chain("chain 1", 1), chain("chain 2", 2))),
                Plot.line("R-hat", "kept draws", "R-hat", List.of(Series.indexed("R-hat", new double[] {1.2, 1.1, 1.05, 1.01}))));
        Path f = dir.resolve("trace.png");
        Plot.write(f, 2, panels);
        BufferedImage written = ImageIO.read(f.toFile());
        BufferedImage painted = new BufferedImage(1600, 360, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = painted.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 1600, 360);
        for (int i = 0; i < panels.size(); i++) {
            Graphics2D sub = (Graphics2D) g.create(800 * i, 0, 800, 360);
            panels.get(i).paint(sub, 800, 360);
            sub.dispose();
        }
        g.dispose();
        assertEquals(painted.getWidth(), written.getWidth());
        assertEquals(painted.getHeight(), written.getHeight());
        int differ = 0;
        for (int x = 0; x < painted.getWidth(); x++) {
            for (int y = 0; y < painted.getHeight(); y++) {
                differ += painted.getRGB(x, y) == written.getRGB(x, y) ? 0 : 1;
            }
        }
        assertEquals(0, differ, "pixels that differ");
    }
}
