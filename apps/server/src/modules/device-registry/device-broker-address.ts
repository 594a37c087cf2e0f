const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '[::]']);

/**
 * Where a device connects (decision 113): PUBLIC_MQTT_URL where set; else the device broker's own address, its
 * loopback host replaced by the host the portal was reached by (devices are not on the portal's machine). Null
 * without a device broker.
 */
export function deviceBrokerAddress(
  publicMqttUrl: string | undefined,
  brokerUrl: string | undefined,
  portalHostname: string,
): string | null {
  if (publicMqttUrl) return publicMqttUrl;
  if (!brokerUrl) return null;
  const url = new URL(brokerUrl);
  if (LOCAL_HOSTS.has(url.hostname)) url.hostname = portalHostname;
  return `${url.protocol}//${url.host}`;
}
