-- Who was shown an API credential's secret when it was made (issue 19, ADR 0077): a console user (`user:<id>`),
-- or NULL when the operator made it with `kyc`. A review proposed through the API with that credential cannot be
-- approved by that same person in the console.
ALTER TABLE api_credentials ADD COLUMN issued_to text;
