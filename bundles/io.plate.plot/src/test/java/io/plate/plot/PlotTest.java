package io.plate.plot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlotTest {
    @BeforeAll
    static void headless() {
        System.setProperty("java.awt.headless", "true");
    }

    private static List<Panel> panels() {
        double[] y = {1, 3, 2, 5, 4};
        return List.of(Plot.line("trace", "iteration", "log joint", List.of(Series.indexed("chain 1", y),
                        Series.indexed("chain 2", new double[] {2, 2, 3, 3, 4}))),
                Plot.scatter("clusters", "x", "y", List.of(Series.of("c1", new double[] {1, 2}, new double[] {3, 4}))),
                Plot.bars("theta", "category", "mean", List.of("A", "C", "G"),
                        List.of(new Series("class 1", new double[] {0, 1, 2}, new double[] {0.2, 0.5, 0.3},
                                new double[] {0.01, 0.02, 0.03}))),
                Plot.heatmap("confusion", List.of("a", "b"), List.of("a", "b"), new double[][] {{5, 1}, {0, 7}}));
    }

    @Test
    void writesAValidPngOfTheRightSize(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("fig.png");
        Plot.write(f, 2, panels());
        BufferedImage img = ImageIO.read(f.toFile());
        assertEquals(1600, img.getWidth());
        assertEquals(720, img.getHeight());
        byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(f), 8);
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10}, head);
        // not blank: some pixel differs from white
        boolean ink = false;
        for (int x = 0; x < img.getWidth() && !ink; x += 7) {
            for (int y = 0; y < img.getHeight() && !ink; y += 7) {
                ink = (img.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF;
            }
        }
        assertTrue(ink, "the figure has something drawn on it");
    }

    @Test
    void writesWellFormedSvg(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("fig.svg");
        Plot.write(f, 1, panels());
        String text = Files.readString(f, StandardCharsets.UTF_8);
        assertTrue(text.contains("<svg"), text.substring(0, Math.min(200, text.length())));
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        assertEquals("svg", dbf.newDocumentBuilder().parse(f.toFile()).getDocumentElement().getNodeName());
    }

    @Test
    void heatMapScaleIsTextWithWholeNumbersForCounts(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("confusion.svg");
        Plot.write(f, 1, List.of(Plot.heatmap("confusion", List.of("a", "b"), List.of("a", "b"),
                new double[][] {{345, 3}, {5, 120}})));
        String svg = Files.readString(f, StandardCharsets.UTF_8);
        // XChart's legend was a picture whose labels read 345.0 and 0.0
        assertTrue(!svg.contains("<image"), "no bitmap in the SVG");
        assertTrue(svg.contains(">300<") && svg.contains(">100<"), "colour-bar labels as text at round counts");
        assertTrue(!svg.contains("345.0") && !svg.contains(">0.0<"), "no decimals on counts");
        Panel.ColourBar bar = new Panel.ColourBar(3, 345, new java.awt.Color[] {java.awt.Color.WHITE,
                java.awt.Color.BLACK}, true);
        assertArrayEquals(new double[] {100, 200, 300}, bar.ticks(), 0);
        assertEquals("1,200", bar.label(1200));
        assertEquals(new java.awt.Color(128, 128, 128), bar.at(0.5));
    }

    @Test
    void traceAxesTickAtRoundIterations() {
        assertEquals(100, Plot.niceStep(84.4), 0);
        assertEquals(0.5, Plot.niceStep(0.31), 1e-12);
        assertEquals(1000, Plot.niceStep(1000), 0);
        org.knowm.xchart.XYChart c = new org.knowm.xchart.XYChartBuilder().width(800).height(360).build();
        Plot.niceXAxis(c, List.of(Series.of("chain 1", new double[] {101, 3000, 5999}, new double[] {1, 2, 3})));
        // ticks started at the first iteration (101, 523, 945, ...) and their labels ran together
        assertEquals(0, c.getStyler().getXAxisMin(), 0);
        assertEquals(6000, c.getStyler().getXAxisMax(), 0);
    }

    @Test
    void refusesUnknownFormatsAndBadShapes(@TempDir Path dir) {
        assertThrows(IllegalArgumentException.class, () -> Plot.write(dir.resolve("x.gif"), 1, panels()));
        assertThrows(IllegalArgumentException.class, () -> Series.of("s", new double[2], new double[3]));
        assertThrows(IllegalArgumentException.class,
                () -> Plot.heatmap("h", List.of("a"), List.of("a", "b"), new double[][] {{1}}));
        assertTrue(Files.notExists(dir.resolve("x.gif")));
    }
}
