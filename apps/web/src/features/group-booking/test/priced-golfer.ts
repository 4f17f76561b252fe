/** A golfer of a group as the API prices them: `price` pence, VAT (20%) included, on one ticket for `course`. */
export function pricedGolfer(
  course: { id: number; name: string },
  id: number,
  playerTypeId: number,
  price: number,
) {
  const vat = Math.round(price / 6);
  return {
    id,
    playerTypeId,
    net_price: price - vat,
    total_vat: vat,
    total_price: price,
    tickets: [{ label: course.name, course_ids: [course.id], price }],
    ticket_label: course.name,
  };
}
