package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTML pages in a real browser: headless Chromium (Debian's {@code chromium}; {@code .ci/run}
 * installs it) loads {@code report.html}, {@code compare.html} and the coordinated-omission
 * experiment's {@code report.html} and {@code rating.html}, and every chart must have been
 * drawn with data, the page must not be blank, and the browser must report no console message.
 */
@Tag("integration")
class BrowserRenderTest {
    private static final Pattern PATH_DATA = Pattern.compile("<path[^>]* d=\"([^\"]{20,})\"");
    private static final Pattern BAR = Pattern.compile("<rect[^>]* width=\"[1-9][^\"]*\"[^>]*>\\s*<title>");

    @TempDir
    static Path dir;

    private static String chromium() {
        for (String candidate : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        throw new AssertionError("headless Chromium is needed for this test: apt-get install -y chromium"
                + " (.ci/run installs it)");
    }

    @BeforeAll
    static void pages() {
        for (String name : List.of("a", "b")) {
            CliRunner r = CliRunner.run("run", "--store", "sim", "-p", "sim.latency=exp(1ms)", "-p",
                    "sim.seed=" + name.hashCode(), "--rate", "1000", "--duration", "20s", "--warmup", "2s", "--seed",
                    String.valueOf(name.hashCode()), "--time", "virtual", "--quiet", "--out", dir.resolve(name).toString());
            r.assertRan();
        }
        CliRunner c = CliRunner.run("compare", dir.resolve("a").toString(), dir.resolve("b").toString(), "--out",
                dir.resolve("cmp").toString());
        assertEquals(0, c.exitCode, c::toString);
        CliRunner e = CliRunner.run("experiment", "coordinated-omission", "--quick", "--ops", "6000", "--hiccup-at",
                "2s", "--threads", "1,8", "--out", dir.resolve("exp").toString());
        assertEquals(0, e.exitCode, e::toString);
        CliRunner rate = CliRunner.run("rate", "--store", "sim", "-P", "workloadc", "-p", "sim.maxthroughput=2000",
                "-p", "sim.latency=1ms", "-p", "arrival=constant", "--model", "open", "--sla", "p99<=50ms",
                "--duration", "2s", "--warmup", "500ms", "--time", "virtual", "--out", dir.resolve("rate").toString());
        assertEquals(0, rate.exitCode, rate::toString);
        CliRunner stale = CliRunner.run("staleness", "--store", "sim", "-p", "sim.secondaries=2", "-p",
                "sim.readpreference=random", "-p", "sim.replicationdelay=exp(3ms)", "-p", "sim.latency=1ms", "--rate",
                "500", "--writes", "1000", "--keys", "500", "--probes", "0,1,5", "--trace-fraction", "0.2", "--time",
                "virtual", "--seed", "5", "--out", dir.resolve("stale").toString());
        assertEquals(0, stale.exitCode, stale::toString);
    }

    /** The page after Chromium rendered it, and what the browser said on stderr. */
    private record Rendered(String dom, String log, BufferedImage screenshot) {
    }

    private static Rendered render(Path page) throws Exception {
        String browser = chromium();
        Path png = dir.resolve(page.getFileName() + ".png");
        Path log = dir.resolve(page.getFileName() + ".log");
        List<String> common = List.of(browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--enable-logging=stderr", "--v=0", "--window-size=1000,3000");
        List<String> shot = new ArrayList<>(common);
        shot.addAll(List.of("--screenshot=" + png, page.toUri().toString()));
        run(shot, log.toFile(), null);
        Path domFile = dir.resolve(page.getFileName() + ".dom");
        List<String> dump = new ArrayList<>(common);
        dump.addAll(List.of("--dump-dom", page.toUri().toString()));
        run(dump, dir.resolve(page.getFileName() + ".dump.log").toFile(), domFile.toFile());
        return new Rendered(Files.readString(domFile), Files.readString(log) + Files.readString(
                dir.resolve(page.getFileName() + ".dump.log")), ImageIO.read(png.toFile()));
    }

    private static void run(List<String> cmd, File stderr, File stdout) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(stderr);
        if (stdout != null) {
            pb.redirectOutput(stdout);
        } else {
            pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        }
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium ended: " + cmd);
        assertEquals(0, p.exitValue(), () -> "chromium failed: " + readQuietly(stderr));
    }

    private static String readQuietly(File f) {
        try {
            return Files.readString(f.toPath());
        } catch (Exception e) {
            return "";
        }
    }

    private static void assertChartsDrawn(Rendered r, int expectedCharts, String what) {
        int svgs = r.dom().split("<svg", -1).length - 1;
        assertTrue(svgs >= expectedCharts, what + ": " + svgs + " charts rendered, expected " + expectedCharts);
        for (String svg : r.dom().split("<svg").length > 1 ? r.dom().substring(r.dom().indexOf("<svg")).split("<svg")
                : new String[0]) {
            if (svg.isBlank()) {
                continue;
            }
            // Every chart has a data line, or (a bar such as the rating's time breakdown) a bar with its tooltip.
            Matcher m = PATH_DATA.matcher(svg);
            assertTrue(m.find() || BAR.matcher(svg).find(), what + ": a chart without a drawn line or bar");
        }
        assertTrue(!r.log().contains("CONSOLE"), what + ": the browser reported console messages:\n" + r.log());
        // The screenshot is not blank: a good share of its pixels are neither white nor the page's grey.
        BufferedImage img = r.screenshot();
        long inked = 0;
        for (int y = 0; y < img.getHeight(); y += 2) {
            for (int x = 0; x < img.getWidth(); x += 2) {
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                int red = rgb >> 16;
                int green = (rgb >> 8) & 0xFF;
                int blue = rgb & 0xFF;
                if (red + green + blue < 3 * 220) {
                    inked++;
                }
            }
        }
        double share = inked / (img.getWidth() * img.getHeight() / 4.0);
        assertTrue(share > 0.01, what + ": the page looks blank (" + share + " of its pixels inked)");
    }

    /** The staleness page's trade-off (issue 49): one point per R and W of N=3, drawn, no console message. */
    @Test
    void stalenessHtml_inChromium_tradeOffDrawnNoConsoleMessages() throws Exception {
        Rendered r = render(dir.resolve("stale/staleness.html"));
        assertEquals(1, r.dom().split("<svg", -1).length - 1, "staleness.html: the trade-off chart");
        assertEquals(9, r.dom().split("<circle", -1).length - 1, "staleness.html: one point per R and W");
        assertTrue(!r.log().contains("CONSOLE"), "the browser reported console messages:\n" + r.log());
    }

    @Test
    void reportHtml_inChromium_everyChartDrawnNoConsoleMessages() throws Exception {
        assertChartsDrawn(render(dir.resolve("a/report.html")), 3, "report.html");
    }

    @Test
    void compareHtml_inChromium_everyChartDrawnNoConsoleMessages() throws Exception {
        assertChartsDrawn(render(dir.resolve("cmp/compare.html")), 6, "compare.html");
    }

    @Test
    void ratingHtml_inChromium_everyChartDrawnNoConsoleMessages() throws Exception {
        Rendered r = render(dir.resolve("rate/rating.html"));
        assertChartsDrawn(r, 3, "rating.html");
        assertTrue(r.dom().contains("<circle"), "the experiments are drawn as points");
    }

    @Test
    void experimentHtml_inChromium_everyChartDrawnNoConsoleMessages() throws Exception {
        Rendered r = render(dir.resolve("exp/report.html"));
        assertChartsDrawn(r, 2, "the experiment's report.html");
        // Every run and the prediction is a line of the chart over time: 1 open, 2 per thread count, 1 predicted.
        String overTime = r.dom().substring(r.dom().indexOf("Largest latency per interval"));
        overTime = overTime.substring(0, overTime.indexOf("</svg>"));
        assertEquals(6, PATH_DATA.matcher(overTime).results().count(), "lines over time");
    }
}
