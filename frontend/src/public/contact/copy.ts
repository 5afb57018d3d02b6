/** Finnish copy of the contact page (docs/product.md#contact-form), in one place for a marketer. */
export const contactCopy = {
  title: 'Ota yhteyttä – Keittiökalvo',
  description:
    'Kysy keittiön kalvotuksesta tai varaa ilmainen konsultaatio ja mittaus. Vastaamme 24 tunnin sisällä. Palvelualue Uusimaa.',
  heading: 'Ota yhteyttä',
  lead: 'Kysy lisää, varaa ilmainen konsultaatio tai pyydä mallit nähtäväksi – valikoimassamme on yli 700 mallia. Vastaamme viestiisi 24 tunnin sisällä.',
  form: {
    name: 'Nimi',
    email: 'Sähköposti',
    phone: 'Puhelinnumero',
    message: 'Viesti',
    required: 'Pakollinen tieto',
    submit: 'Lähetä viesti',
    sending: 'Lähetetään...',
  },
  card: {
    heading: 'Yhteystiedot',
    phone: 'Puhelin',
    email: 'Sähköposti',
    area: 'Palvelualue',
    areaValue: 'Uusimaa',
    response: 'Vastausaika',
    responseValue: '24 tunnin sisällä',
  },
  bulletsHeading: 'Miksi valita meidät?',
  bullets: [
    'Premium-luokan palonkestävät materiaalit',
    'Asennus 1–3 päivässä',
    'Ilmainen konsultaatio ja mittaus',
    'Laatutakuu: 3 vuotta työlle, 10 vuotta kalvolle',
  ],
  toasts: {
    sent: 'Viesti lähetetty!',
    sentText: 'Otamme yhteyttä sinuun 24 tunnin sisällä.',
    errorTitle: 'Virhe!',
    errorText: 'Viestin lähettäminen epäonnistui. Yritä uudelleen.',
  },
} as const;
