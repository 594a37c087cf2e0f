-- What a replacement battery costs at the site, per kWh of nominal energy, in the site's currency: the
-- replacement plan of the Battery care page prices the batteries due (docs/decisions/096). NULL: not set.
ALTER TABLE operating_site ADD COLUMN battery_price_per_kwh numeric(12, 2) CHECK (battery_price_per_kwh >= 0);
