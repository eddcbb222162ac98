package io.plate.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLConnection;
import java.util.Dictionary;
import java.util.Hashtable;
import org.osgi.framework.BundleContext;
import org.osgi.service.url.AbstractURLStreamHandlerService;
import org.osgi.service.url.URLConstants;
import org.osgi.service.url.URLStreamHandlerService;

/**
 * Makes the locations of the bundles the launcher carries ({@code plate:bundles/NAME.jar}) readable URLs,
 * so that Gogo's {@code update ID} without a URL re-reads the bundle from plate.jar as it would from a
 * file, instead of failing with {@code MalformedURLException: Unknown protocol: plate}.
 */
final class BundleUrls {
    static final String PROTOCOL = "plate";

    private BundleUrls() {
    }

    static void register(BundleContext context, ClassLoader loader) {
        Dictionary<String, Object> props = new Hashtable<>();
        props.put(URLConstants.URL_HANDLER_PROTOCOL, new String[] {PROTOCOL});
        context.registerService(URLStreamHandlerService.class, new AbstractURLStreamHandlerService() {
            @Override
            public URLConnection openConnection(URL u) {
                String resource = u.toExternalForm().substring(PROTOCOL.length() + 1);
                return new URLConnection(u) {
                    @Override
                    public void connect() {
                    }

                    @Override
                    public InputStream getInputStream() throws IOException {
                        InputStream in = loader.getResourceAsStream(resource);
                        if (in == null) {
                            throw new IOException("plate.jar carries no " + resource);
                        }
                        return in;
                    }
                };
            }
        }, props);
    }
}
