/**
 * A self-signed certificate for the made-up hosts api.example.test and direct.example.test (valid 2020-2120),
 * for tests that need real TLS on 127.0.0.1 (the proxy's CONNECT tunnel). Test-only: its key is public.
 * Made with: openssl ca -selfsign -startdate 20200101000000Z -enddate 21200101000000Z (P-256).
 */
export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBrzCCAVWgAwIBAgIBATAKBggqhkjOPQQDAjAbMRkwFwYDVQQDDBBhcGkuZXhh
bXBsZS50ZXN0MCAXDTIwMDEwMTAwMDAwMFoYDzIxMjAwMTAxMDAwMDAwWjAbMRkw
FwYDVQQDDBBhcGkuZXhhbXBsZS50ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcD
QgAEWKGZG+nQUfFksz/hEqm1qENDElRq7Nyxe9bQmtLfTdsF94ygmCmUBSfVkEu/
Nq8uMP87GqfENCVoBtQtj0cuUaOBhzCBhDAwBgNVHREEKTAnghBhcGkuZXhhbXBs
ZS50ZXN0ghNkaXJlY3QuZXhhbXBsZS50ZXN0MA8GA1UdEwEB/wQFMAMBAf8wCwYD
VR0PBAQDAgKEMBMGA1UdJQQMMAoGCCsGAQUFBwMBMB0GA1UdDgQWBBT9jQfL1dC1
kGaeEXVtI6fG9vSXvTAKBggqhkjOPQQDAgNIADBFAiEAiu7moUTwL7bZBAZ7b/dk
0vjNJzLXrLKmCnohpSFYU9kCIBZH9uMH90njJN7Q82hZvqbx//i5SEH8riKN5cqj
Gw5C
-----END CERTIFICATE-----
`;

export const TEST_TLS_KEY = `-----BEGIN EC PRIVATE KEY-----
MHcCAQEEIEECn9485ycMUZmxgTBCcFfbyCrPnua8ffRXJHRfw+MVoAoGCCqGSM49
AwEHoUQDQgAEWKGZG+nQUfFksz/hEqm1qENDElRq7Nyxe9bQmtLfTdsF94ygmCmU
BSfVkEu/Nq8uMP87GqfENCVoBtQtj0cuUQ==
-----END EC PRIVATE KEY-----
`;
